// A side's levels (scaled price, scaled qty; best first) grouped by an orderbookLevels step the exchange's
// way: bids down, asks up to the step, `amt` summed exactly per group; at most `depth` groups. Used by the
// sandbox's own book and by paper mode's served book.

import type { BookLevel } from '../types.js';
import { fromUnits, LEDGER_DP, notional, priceStr, qtyStr } from './units.js';

export function groupLevels(
  levels: readonly (readonly [number, number])[],
  step: number,
  side: 'buy' | 'sell',
  depth: number,
): BookLevel[] {
  const out: Array<{ p: number; q: number; a: bigint }> = [];
  for (const [p, q] of levels) {
    const g = side === 'buy' ? Math.floor(p / step) * step : Math.ceil(p / step) * step;
    const last = out[out.length - 1];
    if (last && last.p === g) {
      last.q += q;
      last.a += notional(p, q);
    } else {
      if (out.length >= depth) break;
      out.push({ p: g, q, a: notional(p, q) });
    }
  }
  return out.map((l) => ({ price: priceStr(l.p), qty: qtyStr(l.q), amt: fromUnits(l.a, LEDGER_DP) }));
}
