// Pure: the fill worth the most KRW among a list (for the desk's large-fill alert).
import { gt } from '../../../core/decimal.js';

export function largestFill<T extends { amt: string; tradedAt: number; symbol: string }>(
  fills: readonly T[],
): T | null {
  let best: T | null = null;
  for (const f of fills) {
    if (!f.symbol.endsWith('_krw')) continue;
    if (!best || gt(f.amt, best.amt)) best = f;
  }
  return best;
}
