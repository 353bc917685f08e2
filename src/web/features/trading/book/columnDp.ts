// Decimals for a ladder column: the same for every row (so digits line up while the book streams) and
// as many as fit the column beside the widest integer part shown (13,978 DOGE needs fewer than 0.35 BTC).

/** Characters of the integer part with thousands separators ("96230.278" -> "96,230" -> 6). */
function groupedIntChars(value: string): number {
  const int = value.replace(/^-/, '').split('.')[0] ?? '0';
  const digits = int.replace(/^0+(?=\d)/, '').length || 1;
  return digits + Math.floor((digits - 1) / 3);
}

/** Fixed decimals for `values` in a column `chars` wide, at most `maxDp`. */
export function columnDp(values: readonly string[], chars: number, maxDp: number): number {
  let widest = 1;
  for (const v of values) widest = Math.max(widest, groupedIntChars(v));
  return Math.max(0, Math.min(maxDp, chars - widest - 1));
}
