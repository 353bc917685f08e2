// The levels the pre-trade check walks: the ungrouped order book of one symbol as the ladder shows it, 30
// levels a side, from the live ladder (lib/market/useLiveLadder), rebuilt at most once per animation frame
// and every 100 ms. Empty while the stream is not open: never a stale book.
import { useMemo } from 'react';
import type { PtLevel } from '../../../core/preTrade/types.js';
import { useLiveLadder } from '../../lib/market/useLiveLadder.js';

export interface VisibleBook {
  bids: PtLevel[];
  asks: PtLevel[];
  live: boolean;
}

const strip = (rows: readonly { price: string; qty: string }[]) =>
  rows.map((r) => ({ price: r.price, qty: r.qty }));

export function useBookLevels(symbol: string, enabled: boolean): VisibleBook {
  const { ladder, live } = useLiveLadder(symbol, 30, { enabled, minIntervalMs: 100 });
  return useMemo(() => ({ bids: strip(ladder.bids), asks: strip(ladder.asks), live }), [ladder, live]);
}
