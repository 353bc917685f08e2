// Scaled integers back to decimal text: an integer count of 10^-scale units (a bigint in the sandbox ledger
// and the pre-trade check, a safe Number in the book's hot path) written as a plain decimal string without
// trailing zeros, like big.js toString. One rule for every caller.

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
