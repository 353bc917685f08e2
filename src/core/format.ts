// Display formatting for decimal strings: thousands separators, bounded decimals, never exponent.
import { type Dec, decimalPlaces, isDecimalString, type Rounding, round, toPlain } from './decimal.js';

export interface FormatOptions {
  /** Maximum decimals shown (rounded half up). */
  dp?: number;
  /** Minimum decimals shown (pads with zeros). */
  minDp?: number;
  /** Thousands separators (default true). */
  group?: boolean;
  /** Prefix a + on positive values. */
  sign?: boolean;
  /** How `dp` cuts (default halfUp); 'down' truncates, for anything a user can spend. */
  rounding?: Rounding;
}

function groupThousands(intPart: string): string {
  return intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function formatNumber(value: Dec | null | undefined, opts: FormatOptions = {}): string {
  if (value === null || value === undefined || !isDecimalString(value)) return '-';
  let v = toPlain(value);
  if (opts.dp !== undefined) v = round(v, opts.dp, opts.rounding ?? 'halfUp');
  const negative = v.startsWith('-');
  const abs = negative ? v.slice(1) : v;
  const [intPart = '0', frac = ''] = abs.split('.');
  let fracOut = frac;
  if (opts.minDp !== undefined && fracOut.length < opts.minDp) fracOut = fracOut.padEnd(opts.minDp, '0');
  const intOut = opts.group === false ? intPart : groupThousands(intPart);
  const body = fracOut ? `${intOut}.${fracOut}` : intOut;
  const isZeroValue = /^0(\.0*)?$/.test(abs);
  if (negative && !isZeroValue) return `-${body}`;
  if (opts.sign && !isZeroValue) return `+${body}`;
  return body;
}

/** KRW amounts: whole won with thousands separators (95,123,000). */
export function formatKrw(value: Dec | null | undefined): string {
  return formatNumber(value, { dp: 0 });
}

/** A change in won (P&L, flows): whole won, grouped, with its sign (+274,500 / -1,200 / 0). */
export function formatKrwChange(value: Dec | null | undefined): string {
  return formatNumber(value, { dp: 0, sign: true });
}

/** Coin quantities: up to maxDp decimals without trailing zeros. */
export function formatQty(value: Dec | null | undefined, maxDp = 8): string {
  return formatNumber(value, { dp: maxDp });
}

/** A price shown with exactly the decimals its tick allows. */
export function formatPrice(value: Dec | null | undefined, tickSize?: Dec): string {
  if (!tickSize) return formatNumber(value);
  const dp = decimalPlaces(tickSize);
  return formatNumber(value, { dp, minDp: dp });
}

/** Percent with a sign and fixed decimals: +1.25%. */
export function formatPercent(value: Dec | null | undefined, dp = 2): string {
  if (value === null || value === undefined || !isDecimalString(value)) return '-';
  return `${formatNumber(value, { dp, minDp: dp, sign: true })}%`;
}
