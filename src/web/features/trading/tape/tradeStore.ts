// Hot trades-tape state outside React: newest first, bounded, de-duplicated by tradeId, flushed on an
// animation frame at most every 100 ms. Other consumers (the chart's live candle) get each flush's batch.
import { tradeFrameSchema } from '../../../../core/schemas/ws.js';
import { defaultRaf, frameScheduler, type Raf } from '../../../lib/frameScheduler.js';
import type { Trade } from '../../../lib/types.js';
import { type Frame, publicStream, type Stream } from '../../../lib/ws.js';

export const TAPE_LIMIT = 80;

/** Merge a batch into a newest-first list, bounded, without duplicates. Pure. */
export function mergeTrades(current: readonly Trade[], batch: readonly Trade[], limit = TAPE_LIMIT): Trade[] {
  if (batch.length === 0) return current as Trade[];
  const seen = new Set(current.map((t) => t.tradeId));
  const fresh = batch.filter((t) => !seen.has(t.tradeId));
  if (fresh.length === 0) return current as Trade[];
  const all = [...fresh, ...current];
  all.sort((a, b) => b.tradeId - a.tradeId || b.timestamp - a.timestamp);
  return all.slice(0, limit);
}

export interface TapeSnapshot {
  symbol: string;
  trades: Trade[];
  live: boolean;
}

const LIVE_FLUSH_MS = 100;

export class TradeStore {
  private snap: TapeSnapshot = { symbol: '', trades: [], live: false };
  private listeners = new Set<() => void>();
  private batchListeners = new Set<(batch: Trade[], symbol: string, snapshot: boolean) => void>();
  private pending: Trade[] = [];
  // Live trades reach the tape and the chart at most every 100 ms (issue 12): read by eye, and under a
  // busy stream one repaint per frame of both panels kept the main thread busy.
  private readonly scheduleFlush = frameScheduler(
    (cb) => this.raf(cb),
    () => this.flush(false),
    LIVE_FLUSH_MS,
  );
  private unsub: (() => void) | null = null;
  private unsubStatus: (() => void) | null = null;

  constructor(
    private readonly stream: Pick<Stream, 'subscribe' | 'onStatus'> = publicStream,
    private readonly raf: Raf = defaultRaf,
  ) {}

  getSnapshot = () => this.snap;
  subscribe = (cb: () => void) => {
    this.listeners.add(cb);
    return () => {
      this.listeners.delete(cb);
    };
  };
  /** New trades (after de-duplication) as each flush takes them, for the chart's live candle. */
  onTrades(cb: (batch: Trade[], symbol: string, snapshot: boolean) => void) {
    this.batchListeners.add(cb);
    return () => {
      this.batchListeners.delete(cb);
    };
  }

  start(symbol: string) {
    this.stop();
    this.snap = { symbol, trades: [], live: false };
    this.pending = [];
    this.unsub = this.stream.subscribe({ type: 'trade', symbols: [symbol] }, this.onFrame);
    this.unsubStatus = this.stream.onStatus((s) => {
      if (s !== 'open' && this.snap.live) {
        this.snap = { ...this.snap, live: false };
        this.emit();
      }
    });
    this.emit();
  }

  stop() {
    this.unsub?.();
    this.unsubStatus?.();
    this.unsub = this.unsubStatus = null;
  }

  onFrame = (f: Frame) => {
    if (f.symbol !== this.snap.symbol) return;
    const parsed = tradeFrameSchema.safeParse(f);
    if (!parsed.success) return;
    const known = new Set([...this.snap.trades, ...this.pending].map((t) => t.tradeId));
    const fresh = parsed.data.data.filter((t) => !known.has(t.tradeId));
    if (fresh.length) this.pending.push(...fresh);
    if (!this.snap.live || parsed.data.snapshot) {
      this.flush(parsed.data.snapshot === true);
      return;
    }
    this.scheduleFlush();
  };

  private flush(snapshot: boolean) {
    const batch = this.pending;
    this.pending = [];
    if (batch.length) for (const l of this.batchListeners) l(batch, this.snap.symbol, snapshot);
    this.snap = { ...this.snap, live: true, trades: mergeTrades(this.snap.trades, batch) };
    this.emit();
  }

  private emit() {
    for (const l of this.listeners) l();
  }
}
