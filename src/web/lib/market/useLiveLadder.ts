// The ungrouped order book of one symbol as the ladder shows it (sorted, merged, uncrossed, `depth` levels a
// side: bookMath.buildLadder), taken from the public stream and rebuilt at most once per animation frame (and,
// with `minIntervalMs`, no more often than that: frameScheduler), never between a book frame and its paint.
// A second subscriber on a channel gets no snapshot of its own, but every orderbook frame is a full
// replacement, so any frame will do. Empty and not live while the stream is not open: never a stale book.
// While `enabled` is false nothing is subscribed and the last answer stands.
import { useEffect, useState } from 'react';
import { orderbookFrameSchema } from '../../../core/schemas/ws.js';
import { defaultRaf, frameScheduler } from '../frameScheduler.js';
import { publicStream } from '../ws.js';
import { type BookLevel, buildLadder, type Ladder } from './bookMath.js';

export interface LiveLadder {
  ladder: Ladder;
  live: boolean;
}

const EMPTY: LiveLadder = { ladder: { bids: [], asks: [], spread: null, mid: null }, live: false };

export function useLiveLadder(
  symbol: string,
  depth: number,
  opts: { enabled?: boolean; minIntervalMs?: number } = {},
): LiveLadder {
  const enabled = opts.enabled ?? true;
  const minIntervalMs = opts.minIntervalMs ?? 0;
  const [state, setState] = useState<LiveLadder>(EMPTY);
  useEffect(() => {
    if (!enabled || !symbol) return;
    let pending: { bids: BookLevel[]; asks: BookLevel[] } | null = null;
    let open = true;
    const schedule = frameScheduler(
      defaultRaf,
      () => {
        if (!pending || !open) return;
        const p = pending;
        pending = null;
        setState({ ladder: buildLadder(p.bids, p.asks, depth), live: true });
      },
      minIntervalMs,
    );
    setState(EMPTY);
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
        setState(EMPTY);
      }
    });
    return () => {
      open = false;
      off();
      offStatus();
    };
  }, [symbol, depth, enabled, minIntervalMs]);
  return state;
}
