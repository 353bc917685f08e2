// The levels the pre-trade check walks: the ungrouped order book of one symbol as the ladder shows it
// (sorted, merged, uncrossed, 30 levels a side: bookMath.buildLadder), taken from the public stream and
// rebuilt at most once per animation frame and every 100 ms (frameScheduler), never between a book frame
// and its paint. Every orderbook frame is a full replacement, so any frame will do (the book panel may
// already hold the subscription's snapshot). Empty while the stream is not open: never a stale book.
import { useEffect, useState } from 'react';
import type { PtLevel } from '../../../core/preTrade/types.js';
import { orderbookFrameSchema } from '../../../core/schemas/ws.js';
import { defaultRaf, frameScheduler } from '../../lib/frameScheduler.js';
import { type BookLevel, buildLadder } from '../../lib/market/bookMath.js';
import { publicStream } from '../../lib/ws.js';

export interface VisibleBook {
  bids: PtLevel[];
  asks: PtLevel[];
  live: boolean;
}

const EMPTY: VisibleBook = { bids: [], asks: [], live: false };
const strip = (rows: readonly { price: string; qty: string }[]) =>
  rows.map((r) => ({ price: r.price, qty: r.qty }));

export function useBookLevels(symbol: string, enabled: boolean): VisibleBook {
  const [book, setBook] = useState<VisibleBook>(EMPTY);
  useEffect(() => {
    if (!enabled || !symbol) return;
    let pending: { bids: BookLevel[]; asks: BookLevel[] } | null = null;
    let open = true;
    const schedule = frameScheduler(
      defaultRaf,
      () => {
        if (!pending || !open) return;
        const l = buildLadder(pending.bids, pending.asks, 30);
        pending = null;
        setBook({ bids: strip(l.bids), asks: strip(l.asks), live: true });
      },
      100,
    );
    setBook(EMPTY);
    const off = publicStream.subscribe({ type: 'orderbook', symbols: [symbol] }, (f) => {
      if (typeof f.level === 'string' && f.level !== '') return;
      if (f.symbol !== symbol) return;
      const parsed = orderbookFrameSchema.safeParse(f);
      if (!parsed.success) return;
      pending = { bids: parsed.data.data.bids, asks: parsed.data.data.asks };
      schedule();
    });
    const offStatus = publicStream.onStatus((s) => {
      open = s === 'open';
      if (!open) {
        pending = null;
        setBook(EMPTY);
      }
    });
    return () => {
      open = false;
      off();
      offStatus();
    };
  }, [symbol, enabled]);
  return book;
}
