// Ladder column geometry from the measured book width and the monospace digit width: the price column as
// wide as its widest text, a fixed change column, and quantity / running total sharing the rest. The
// decimals of quantity and total are chosen so the widest value fits its column; a value whose integer part
// alone does not fit is shortened (12.35M), so columns can never run into each other.

import { fixedText } from '../../../lib/market/scaled.js';
import { columnDp } from './columnDp.js';

/** Row padding (px-2 each side) plus the own-order border. */
export const ROW_PAD = 18;
/** Space between two columns. */
export const COL_GAP = 6;
/** Change column: "+12.34%" at 11 px. */
const PCT_CHARS = 7.6;
const QTY_SHARE = 0.55;

export interface BookColumns {
  /** CSS grid-template-columns for the header and every row. */
  template: string;
  qtyChars: number;
  cumChars: number;
  qtyDp: number;
  cumDp: number;
}

export function bookColumns(o: {
  width: number;
  charW: number;
  priceChars: number;
  qtys: readonly string[];
  cums: readonly string[];
}): BookColumns {
  const priceW = Math.ceil(o.priceChars * o.charW) + 2;
  const pctW = Math.ceil(PCT_CHARS * o.charW * (11 / 12));
  const rest = Math.max(0, o.width - ROW_PAD - priceW - pctW - 3 * COL_GAP);
  const qtyW = Math.floor(rest * QTY_SHARE);
  const cumW = rest - qtyW;
  const qtyChars = Math.max(4, Math.floor(qtyW / o.charW));
  const cumChars = Math.max(4, Math.floor(cumW / o.charW));
  return {
    template: `${priceW}px ${pctW}px minmax(0,${qtyW}fr) minmax(0,${cumW}fr)`,
    qtyChars,
    cumChars,
    // one character to spare, so neighbouring figures never touch
    qtyDp: columnDp(o.qtys, qtyChars - 1, 4),
    cumDp: columnDp(o.cums, cumChars - 1, 3),
  };
}

/** Powers of ten and their suffixes, largest first. */
const UNITS: [number, string][] = [
  [12, 'T'],
  [9, 'B'],
  [6, 'M'],
  [3, 'K'],
];

/**
 * `value` with `dp` decimals when that fits in `chars`, else shortened with K/M/B/T and as many decimals as
 * fit (display only; the exact value stays in the row's title and data).
 */
export function fitText(value: string, dp: number, chars: number): string {
  const full = fixedText(value, dp);
  if (full.length <= chars) return full;
  const int = value.split('.')[0] ?? '0';
  for (const [exp, unit] of UNITS) {
    const digits = int.length - exp;
    if (digits < 1) continue;
    // value / size by moving the decimal point (exact), then fixed decimals that fit
    const scaled = `${int.slice(0, digits)}.${int.slice(digits)}`;
    for (let d = 2; d >= 0; d--) {
      const t = `${fixedText(scaled, d)}${unit}`;
      if (t.length <= chars) return t;
    }
  }
  return full.slice(0, chars);
}
