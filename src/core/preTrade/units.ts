// Scaled-integer money for the pre-trade check: a decimal string becomes a bigint count of 10^-scale units
// (core/scaledDecimal.ts), so walking a book never rounds.

import { divHalfUp, fracLen, fromUnits, pow10, toUnits } from '../scaledDecimal.js';

export { divHalfUp, fracLen, fromUnits, pow10, toUnits };

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
