/** Keeps what a user types in a numeric field to a plain decimal: digits, one dot, at most maxDp decimals. */
export function cleanDecimalInput(raw: string, maxDp: number): string {
  let s = raw.replace(/[,\s]/g, '').replace(/[^0-9.]/g, '');
  const dot = s.indexOf('.');
  if (dot >= 0) {
    s = `${s.slice(0, dot + 1)}${s.slice(dot + 1).replace(/\./g, '')}`;
    if (maxDp === 0) s = s.slice(0, dot);
    else s = s.slice(0, dot + 1 + maxDp);
  }
  if (/^0\d/.test(s)) s = s.replace(/^0+(?=\d)/, '');
  return s;
}

/** A complete decimal (not "", "." or "12."). */
export const isCompleteDecimal = (s: string) => /^\d+(\.\d+)?$/.test(s);

/** Thousands separators on a partial decimal as typed ("1234567." -> "1,234,567."). */
export function groupDigits(raw: string): string {
  const dot = raw.indexOf('.');
  const int = dot >= 0 ? raw.slice(0, dot) : raw;
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return dot >= 0 ? `${grouped}${raw.slice(dot)}` : grouped;
}

/** Index in `formatted` just after the n-th digit-or-dot character (caret restore after regrouping). */
export function caretAfterDigits(formatted: string, n: number): number {
  if (n <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/[0-9.]/.test(formatted[i]!)) seen++;
    if (seen === n) return i + 1;
  }
  return formatted.length;
}
