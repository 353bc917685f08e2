// The book for the depth chart. The order book panel already holds the stream's snapshot, so a second
// subscriber on the same channel gets no snapshot of its own; every orderbook frame is a full replacement,
// though, so any frame rebuilds the depth. Painted at most once per animation frame; cleared when the stream
// is not open (never a stale book).
import { useEffect, useState } from 'react';
import { orderbookFrameSchema } from '../../../../../core/schemas/ws.js';
import { defaultRaf, frameScheduler } from '../../../../lib/frameScheduler.js';
import { type BookLevel, buildLadder, type Ladder } from '../../../../lib/market/bookMath.js';
import { publicStream } from '../../../../lib/ws.js';

const EMPTY: Ladder = { bids: [], asks: [], spread: null, mid: null };

export function useDepthBook(symbol: string, depth = 60): { ladder: Ladder; live: boolean } {
  const [state, setState] = useState<{ ladder: Ladder; live: boolean }>({ ladder: EMPTY, live: false });
  useEffect(() => {
    let pending: { bids: BookLevel[]; asks: BookLevel[] } | null = null;
    let open = true;
    const schedule = frameScheduler(defaultRaf, () => {
      if (!pending || !open) return;
      const p = pending;
      pending = null;
      setState({ ladder: buildLadder(p.bids, p.asks, depth), live: true });
    });
    setState({ ladder: EMPTY, live: false });
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
        setState({ ladder: EMPTY, live: false });
      }
    });
    return () => {
      open = false;
      off();
      offStatus();
    };
  }, [symbol, depth]);
  return state;
}
