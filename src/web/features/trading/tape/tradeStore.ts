// Hot trades-tape state outside React: newest first, bounded, de-duplicated (core/tradeTape.ts), flushed
// on an animation frame at most every 100 ms. Other consumers (the chart's live candle) get each flush's
// batch. The tape is seeded from GET /v2/trades at start and again after every reconnect (the stream's
// snapshot may hold one row on the live service); a reconnect discards what the tape held and rebuilds
// from the new snapshot and the new REST page.
import { tradeSchema } from '../../../../core/schemas/market.js';
import { tolerantArray } from '../../../../core/schemas/tolerant.js';
import { tradeFrameSchema } from '../../../../core/schemas/ws.js';
import { mergeTrades as mergeTape, tradeKey } from '../../../../core/tradeTape.js';
import { apiGet } from '../../../lib/api.js';
import { defaultRaf, frameScheduler, type Raf } from '../../../lib/frameScheduler.js';
import type { Trade } from '../../../lib/types.js';
import { type Frame, publicStream, type Stream } from '../../../lib/ws.js';

export const TAPE_LIMIT = 80;

/** Merge a batch into a newest-first list, bounded, without duplicates. Pure. */
export function mergeTrades(current: readonly Trade[], batch: readonly Trade[], limit = TAPE_LIMIT): Trade[] {
  return mergeTape(current, batch, limit);
}

export type FetchTrades = (symbol: string, limit: number) => Promise<Trade[]>;

const restTrades: FetchTrades = (symbol, limit) =>
  apiGet('/v2/trades', { symbol, limit }, { schema: tolerantArray(tradeSchema, 'trade') }) as Promise<
    Trade[]
  >;

/** Waits before the seed's next attempt after a failed read (the page stays as the stream fills it). */
const SEED_RETRY_MS = [1000, 3000, 10_000];

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
  private pendingKeys = new Set<string>();
  private keysOf: { list: readonly Trade[]; keys: Set<string> } = { list: [], keys: new Set() };
  // Live trades reach the tape and the chart at most every 100 ms (issue 12): read by eye, and under a
  // busy stream one repaint per frame of both panels kept the main thread busy.
  private readonly scheduleFlush = frameScheduler(
    (cb) => this.raf(cb),
    () => this.flush(false),
    LIVE_FLUSH_MS,
  );
  private unsub: (() => void) | null = null;
  private unsubStatus: (() => void) | null = null;
  /** Bumped on start, stop and every rebuild: a seed answering for an older one is dropped. */
  private generation = 0;
  private seedTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly stream: Pick<Stream, 'subscribe' | 'onStatus'> = publicStream,
    private readonly raf: Raf = defaultRaf,
    private readonly fetchTrades: FetchTrades = restTrades,
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
    this.pendingKeys.clear();
    let wasOpen = false;
    let down = false;
    this.unsub = this.stream.subscribe({ type: 'trade', symbols: [symbol] }, this.onFrame);
    this.unsubStatus = this.stream.onStatus((s) => {
      if (s === 'open') {
        // a reconnect: what the tape held may miss the trades of the outage; rebuild
        if (wasOpen && down) this.rebuild();
        wasOpen = true;
        down = false;
        return;
      }
      if (wasOpen) down = true;
      if (this.snap.live) {
        this.snap = { ...this.snap, live: false };
        this.emit();
      }
    });
    this.seed(++this.generation, 0);
    this.emit();
  }

  stop() {
    this.unsub?.();
    this.unsubStatus?.();
    this.unsub = this.unsubStatus = null;
    this.generation++;
    if (this.seedTimer) clearTimeout(this.seedTimer);
    this.seedTimer = null;
  }

  /** Discards the tape (and trades queued for it) and reads the REST page again. */
  private rebuild() {
    this.snap = { ...this.snap, trades: [], live: false };
    this.pending = [];
    this.pendingKeys.clear();
    this.emit();
    this.seed(++this.generation, 0);
  }

  /** Reads GET /v2/trades into the tape (history: the chart's candles already hold it). */
  private seed(gen: number, attempt: number) {
    const symbol = this.snap.symbol;
    this.fetchTrades(symbol, TAPE_LIMIT).then(
      (rows) => {
        if (gen !== this.generation || symbol !== this.snap.symbol) return;
        const known = new Set(this.pending.map(tradeKey));
        const trades = mergeTrades(
          this.snap.trades,
          rows.filter((t) => !known.has(tradeKey(t))),
        );
        if (trades !== this.snap.trades) {
          this.snap = { ...this.snap, trades };
          this.emit();
        }
      },
      () => {
        if (gen !== this.generation || attempt >= SEED_RETRY_MS.length) return;
        this.seedTimer = setTimeout(() => this.seed(gen, attempt + 1), SEED_RETRY_MS[attempt]);
      },
    );
  }

  onFrame = (f: Frame) => {
    if (f.symbol !== this.snap.symbol) return;
    const parsed = tradeFrameSchema.safeParse(f);
    if (!parsed.success) return;
    // keys of the shown trades are made once per flush, not per frame (issue 20)
    const shown = this.shownKeys();
    const fresh = parsed.data.data.filter((t) => {
      const k = tradeKey(t);
      if (shown.has(k) || this.pendingKeys.has(k)) return false;
      this.pendingKeys.add(k);
      return true;
    });
    if (fresh.length) this.pending.push(...fresh);
    if (!this.snap.live || parsed.data.snapshot) {
      this.flush(parsed.data.snapshot === true);
      return;
    }
    this.scheduleFlush();
  };

  private shownKeys(): Set<string> {
    if (this.keysOf.list !== this.snap.trades)
      this.keysOf = { list: this.snap.trades, keys: new Set(this.snap.trades.map(tradeKey)) };
    return this.keysOf.keys;
  }

  private flush(snapshot: boolean) {
    const batch = this.pending;
    this.pending = [];
    this.pendingKeys.clear();
    if (batch.length) for (const l of this.batchListeners) l(batch, this.snap.symbol, snapshot);
    this.snap = { ...this.snap, live: true, trades: mergeTrades(this.snap.trades, batch) };
    this.emit();
  }

  private emit() {
    for (const l of this.listeners) l();
  }
}
