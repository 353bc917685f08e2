// Fill markers grouped per candle and side: many fills in one bar become one marker with their total,
// instead of a stack of overlapping arrows.
import { add, type Dec } from '../../../../core/decimal.js';
import { bucketStart, type Interval } from '../../../../core/intervals.js';

export interface FillLike {
  side: 'buy' | 'sell';
  qty: Dec;
  at: number;
}

export interface FillGroup {
  /** Bucket start (ms) of the candle the fills belong to. */
  time: number;
  side: 'buy' | 'sell';
  qty: Dec;
  count: number;
}

/** Groups by (candle, side), ordered by time then side (buy first), as the marker plugin wants. */
export function groupFills(fills: readonly FillLike[], interval: Interval): FillGroup[] {
  const m = new Map<string, FillGroup>();
  for (const f of fills) {
    const time = bucketStart(f.at, interval);
    const key = `${time}:${f.side}`;
    const g = m.get(key);
    if (g) {
      g.qty = add(g.qty, f.qty);
      g.count++;
    } else m.set(key, { time, side: f.side, qty: f.qty, count: 1 });
  }
  return [...m.values()].sort(
    (a, b) => a.time - b.time || (a.side === b.side ? 0 : a.side === 'buy' ? -1 : 1),
  );
}
