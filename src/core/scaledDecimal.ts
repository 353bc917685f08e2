// Scaled integers and decimal text: an integer count of 10^-scale units (a bigint in the sandbox ledger, the
// pre-trade check and the P&L's integer passes, a safe Number in the book's hot path) from a plain decimal
// string, and back to one without trailing zeros, like big.js toString. One rule for every caller.

/** The digits of |n| at `scale` decimals, signed: ("12500", 3, false) -> "12.5"; ("5", 2, true) -> "-0.05". */
export function scaledDigitsToText(absDigits: string, scale: number, negative: boolean): string {
  let digits = absDigits;
  if (scale > 0) {
    digits = digits.padStart(scale + 1, '0');
    const int = digits.slice(0, digits.length - scale);
    const frac = digits.slice(digits.length - scale).replace(/0+$/, '');
    digits = frac ? `${int}.${frac}` : int;
  }
  return negative && digits !== '0' ? `-${digits}` : digits;
}

/** 12500n at scale 3 -> "12.5" (plain, no trailing zeros, sign kept). */
export function fromUnits(n: bigint, scale: number): string {
  return scaledDigitsToText((n < 0n ? -n : n).toString(), scale, n < 0n);
}

const PLAIN = /^\d+(\.\d+)?$/;

/** Digits after the dot ("12.500" -> 3). */
export function fracLen(s: string): number {
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

/**
 * "12.5" at scale 3 -> 12500n. Only plain non-negative decimals (else null). Extra digits beyond the
 * scale are an error (null) unless `truncate`, which drops them (rounds toward zero).
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

export const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** a / b for non-negative a and positive b, rounded half up. */
export function divHalfUp(a: bigint, b: bigint): bigint {
  return (a * 2n + b) / (b * 2n);
}
