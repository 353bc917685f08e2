// Display helpers of the 투자손익 page, pure: returns as signed percents, won in short form for dense
// places (heat map cells, chart axes), the tone of a signed figure, the gap between our average cost
// and the exchange's. Money stays a decimal string; only ratios (TWR/MWR) arrive as numbers.
import {
  abs,
  cmp,
  type Dec,
  div,
  isDecimalString,
  isNegative,
  isPositive,
  mul,
  round,
  sub,
} from '../../../core/decimal.js';
import { formatNumber, formatPercent } from '../../../core/format.js';

/**
 * Tailwind text colour of a signed figure: up (red by default), down (blue), or plain. Judged on the
 * figure as shown (rounded to `dp`, whole won by default), so a '0' is never coloured.
 */
export function pnlTone(v: Dec | null | undefined, dp = 0): string {
  if (!v || !isDecimalString(v)) return 'text-fg';
  const shown = round(v, dp, 'halfUp');
  if (isPositive(shown)) return 'text-up';
  if (isNegative(shown)) return 'text-down';
  return 'text-fg';
}

/** A return given as a fraction (0.0123) shown as a signed percent ('+1.23%'); '-' when absent. */
export function formatRatio(fraction: number | null | undefined, dp = 2): string {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return '-';
  // toFixed never uses exponent notation below 1e21; a value that rounds to zero shows as 0.00%
  return formatPercent((fraction * 100).toFixed(dp + 2), dp);
}

/** The fraction as a percent decimal string (for the tone of a ratio: pnlTone(ratioDec(x), 2)). */
export function ratioDec(fraction: number | null | undefined): Dec | null {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return null;
  return (fraction * 100).toFixed(4);
}

const UNITS_KO: readonly [Dec, string][] = [
  ['1000000000000', '조'],
  ['100000000', '억'],
  ['10000', '만'],
];
const UNITS_EN: readonly [Dec, string][] = [
  ['1000000000000', 'T'],
  ['1000000000', 'B'],
  ['1000000', 'M'],
  ['1000', 'K'],
];

/**
 * Won in short form with its sign: '+1.23억' / '-45.6만' (Korean) or '+123M' / '-45.6K' (English);
 * three significant figures at most; small amounts in full ('+950').
 */
export function shortKrw(v: Dec | null | undefined, lang: 'ko' | 'en', sign = true): string {
  if (!v || !isDecimalString(v)) return '-';
  const a = abs(v);
  const units = lang === 'ko' ? UNITS_KO : UNITS_EN;
  for (const [size, suffix] of units) {
    if (cmp(a, size) >= 0) {
      const q = div(v, size, 6);
      const intDigits = div(a, size, 0, 'down').length;
      const dp = Math.max(0, 3 - intDigits);
      return `${formatNumber(q, { dp, sign, rounding: 'halfUp' })}${suffix}`;
    }
  }
  return formatNumber(v, { dp: 0, sign });
}

/**
 * How far the exchange's average price is from ours, in percent of ours (signed, 2 dp), or null when
 * either is missing or ours is zero.
 */
export function avgGapPct(ours: Dec | null | undefined, exchange: Dec | null | undefined): Dec | null {
  if (!ours || !exchange || !isDecimalString(ours) || !isDecimalString(exchange)) return null;
  if (!isPositive(ours)) return null;
  return div(mul(sub(exchange, ours), '100'), ours, 2);
}
