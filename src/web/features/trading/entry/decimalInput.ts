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
