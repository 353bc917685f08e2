// Exact decimal helpers for the book's hot path (every level of every frame): decimal strings as scaled
// integers within Number's safe range, and fixed-decimal display text by string rounding. No big.js per row;
// a caller falls back to big.js when a value does not fit (parse returns null).
import { scaledDigitsToText } from '../../../core/scaledDecimal.js';

/** Decimals of a plain decimal string ("12.500" -> 3). */
export function fracDigits(s: string): number {
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

const PLAIN = /^\d+(\.\d+)?$/;

/** "12.5" at scale 3 -> 12500. null when not a plain non-negative decimal, too precise or unsafe. */
export function toScaled(s: string, scale: number): number | null {
  if (!PLAIN.test(s)) return null;
  const dot = s.indexOf('.');
  const int = dot < 0 ? s : s.slice(0, dot);
  const frac = dot < 0 ? '' : s.slice(dot + 1);
  if (frac.length > scale) return null;
  const n = Number(int + frac.padEnd(scale, '0'));
  return Number.isSafeInteger(n) ? n : null;
}

/** 12500 at scale 3 -> "12.5" (plain, no trailing zeros, like big.js toString). */
export function fromScaled(n: number, scale: number): string {
  return scaledDigitsToText(String(Math.abs(n)), scale, n < 0);
}

function group(int: string): string {
  if (int.length <= 3) return int;
  let out = '';
  const head = int.length % 3 || 3;
  out = int.slice(0, head);
  for (let i = head; i < int.length; i += 3) out += `,${int.slice(i, i + 3)}`;
  return out;
}

/** Adds one unit to the last digit of a digit string ("199" -> "200", "99" -> "100"). */
function bump(digits: string): string {
  const a = digits.split('');
  let i = a.length - 1;
  while (i >= 0) {
    if (a[i] === '9') {
      a[i] = '0';
      i--;
    } else {
      a[i] = String(Number(a[i]) + 1);
      return a.join('');
    }
  }
  return `1${a.join('')}`;
}

/**
 * A plain decimal string with exactly `dp` decimals (rounded half up, away from zero) and thousands
 * separators: the same text as formatNumber(v, { dp, minDp: dp }) for plain decimal input, by string work.
 */
export function fixedText(value: string, dp: number): string {
  const neg = value.startsWith('-');
  const abs = neg ? value.slice(1) : value;
  const dot = abs.indexOf('.');
  let int = (dot < 0 ? abs : abs.slice(0, dot)).replace(/^0+(?=\d)/, '') || '0';
  let frac = dot < 0 ? '' : abs.slice(dot + 1);
  if (frac.length > dp) {
    const up = frac.charCodeAt(dp) >= 53; // '5'
    frac = frac.slice(0, dp);
    if (up) {
      const bumped = bump(int + frac);
      int = bumped.slice(0, bumped.length - dp) || '0';
      frac = bumped.slice(bumped.length - dp);
    }
  }
  frac = frac.padEnd(dp, '0');
  const body = dp > 0 ? `${group(int)}.${frac}` : group(int);
  const zero = /^[0,.]*$/.test(body);
  return neg && !zero ? `-${body}` : body;
}
