import { type Dec, div, gte, isDecimalString } from '../../../core/decimal.js';
import { formatNumber } from '../format.js';

/** Large amounts in short form (1.23B, 456.7M, 12.3K) for dense tables; exact values stay in tooltips. */
export function compactAmount(v: Dec | null | undefined): string {
  if (!v || !isDecimalString(v)) return '-';
  for (const [unit, size] of [
    ['T', '1000000000000'],
    ['B', '1000000000'],
    ['M', '1000000'],
    ['K', '1000'],
  ] as const) {
    if (gte(v, size)) return `${formatNumber(div(v, size, 2, 'halfUp'), { dp: 2 })}${unit}`;
  }
  return formatNumber(v, { dp: 2 });
}
