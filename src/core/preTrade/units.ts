// Scaled-integer money for the pre-trade check: a decimal string becomes a bigint count of 10^-scale units,
// so walking a book never rounds. Only plain non-negative decimals are accepted (what the book and the
// order form carry); anything else is null and the caller skips that figure.

import { fromUnits } from '../scaledDecimal.js';

const PLAIN = /^\d+(\.\d+)?$/;

/** Digits after the dot ("12.500" -> 3). */
export function fracLen(s: string): number {
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

/**
 * "12.5" at scale 3 -> 12500n. Extra digits beyond the scale are an error (null) unless `truncate`, which
 * drops them (rounds toward zero): used for figures that are only a denominator, such as the equity.
 */
export function toUnits(s: string | null | undefined, scale: number, truncate = false): bigint | null {
  if (typeof s !== 'string' || s.length > 64 || !PLAIN.test(s)) return null;
  const dot = s.indexOf('.');
  const int = dot < 0 ? s : s.slice(0, dot);
  let frac = dot < 0 ? '' : s.slice(dot + 1);
  if (frac.length > scale) {
    if (!truncate && /[1-9]/.test(frac.slice(scale))) return null;
    frac = frac.slice(0, scale);
  }
  return BigInt(int + frac.padEnd(scale, '0'));
}

export { fromUnits };

export const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** a / b for non-negative a and positive b, rounded half up. */
export function divHalfUp(a: bigint, b: bigint): bigint {
  return (a * 2n + b) / (b * 2n);
}

/** a / b for non-negative a and positive b, rounded up. */
export function divCeil(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

/** part / whole as a percentage with two decimals ("12.34"), half up; whole must be positive. */
export function percent(part: bigint, whole: bigint): string {
  return fromUnits(divHalfUp(part * 10_000n, whole), 2);
}

/** Changes a value's scale; going down rounds half up. */
export function rescale(n: bigint, from: number, to: number): bigint {
  if (to >= from) return n * pow10(to - from);
  return divHalfUp(n, pow10(from - to));
}
