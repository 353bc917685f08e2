/**
 * The REPLAYED market source (issue 22 item 2; contract in source.ts): a recording made by the
 * proxy's recorder (core/recording) drives the sandbox's public market. Order books, trades and
 * tickers are the recorded frames, stamped with the replay's clock (replayClock.ts); candles are built
 * from the replayed trades (replayCandles.ts). The sandbox's own orders are filled by the paper rules
 * against these books and trades (the consumer's job, market/paper/). Account events in the file
 * are not replayed (they belonged to someone else's account).
 *
 * Presenter controls: pause, resume, speed, seek; at the end it loops (default) or stays ended.
 * Deterministic: the same file, controls at the same wall times (`now`) and orders give the same
 * events, stamps and trade ids.
 */
import { type Interval, isInterval } from '../../core/intervals.js';
import { priceToInt, qtyToInt } from '../engine/units.js';
import type { Candle, PublicTrade, Result, Ticker } from '../types.js';
import { ReplayCandles } from './replayCandles.js';
import { ReplayClock } from './replayClock.js';
import { type LoadedRecording, loadRecording } from './replayFile.js';
import {
  intLevels,
  type Pair,
  type ReplayAction,
  type ReplayOptions,
  type ReplayState,
  replayMarkets,
  stateFramesAt,
  upperBound,
} from './replayParts.js';
import type {
  ExternalMarketSource,
  MarketSourceChoice,
  SourceBook,
  SourceListener,
  SourceMarket,
  SourceStatus,
} from './source.js';

export type { ReplayAction, ReplayOptions, ReplayState } from './replayParts.js';

const KEEP_TRADES = 500;

export class ReplaySource implements ExternalMarketSource {
  readonly kind = 'replayed' as const;
  private readonly clock: ReplayClock;
  private readonly now: () => number;
  private readonly pairs = new Map<string, Pair>();
  private readonly listeners = new Set<SourceListener>();
  private readonly candleBook = new ReplayCandles();
  private readonly loop: boolean;
  private readonly marketList: SourceMarket[];
  private cursor = 0;
  private tradeSeq = 0;
  private loops = 0;
  private ended = false;
  private timer: NodeJS.Timeout | null = null;
  private state: SourceStatus['state'] = 'connecting';
  private since: number;
  private lastDataAt = 0;

  constructor(
    private readonly rec: LoadedRecording,
    private readonly o: ReplayOptions = {},
  ) {
    this.now = o.now ?? Date.now;
    this.since = this.now();
    this.loop = o.loop ?? true;
    this.clock = new ReplayClock(rec.durationMs, o.speed ?? 1, this.now());
    for (const s of rec.header.pairs) this.pairs.set(s, { trades: [], seq: 0 });
    this.marketList = replayMarkets(rec.header, o.log);
  }

  // --- ExternalMarketSource ---

  start(): void {
    if (this.state === 'ready') return;
    this.state = 'ready';
    this.since = this.now();
    this.advance();
    const tick = this.o.tickMs ?? 50;
    if (tick > 0) {
      this.timer = setInterval(() => this.advance(), tick);
      this.timer.unref();
    }
    this.emitStatus();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.state = 'stopped';
    this.since = this.now();
    this.emitStatus();
  }

  status(): SourceStatus {
    return {
      kind: 'replayed',
      origin: this.rec.file,
      state: this.state,
      since: this.since,
      lastDataAt: this.lastDataAt,
      pairs: this.marketList.length,
      followed: [...this.pairs.keys()],
      failures: 0,
    };
  }

  markets(): SourceMarket[] {
    return this.marketList.map((m) => ({ ...m }));
  }

  touch(_symbol: string): void {
    // every recorded pair is replayed anyway
  }

  async whenReady(symbol: string, timeoutMs: number): Promise<boolean> {
    if (!this.pairs.has(symbol)) return false;
    if (this.pairs.get(symbol)!.book) return true;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        off();
        resolve(false);
      }, timeoutMs);
      const off = this.listen({
        onBook: (s) => {
          if (s !== symbol) return;
          clearTimeout(timer);
          off();
          resolve(true);
        },
      });
    });
  }

  book(symbol: string): SourceBook | undefined {
    return this.pairs.get(symbol)?.book;
  }

  trades(symbol: string, limit: number): PublicTrade[] {
    return (this.pairs.get(symbol)?.trades ?? []).slice(0, Math.max(0, limit));
  }

  ticker(symbol: string): Ticker | undefined {
    return this.pairs.get(symbol)?.ticker;
  }

  async candles(
    symbol: string,
    interval: string,
    opts: { start?: number; end?: number; limit: number },
  ): Promise<Result<Candle[]>> {
    if (!isInterval(interval))
      return {
        ok: false,
        error: { status: 400, code: 'INVALID_INTERVAL', description: `unknown interval ${interval}` },
      };
    return { ok: true, value: this.candleBook.candles(symbol, interval as Interval, opts) };
  }

  listen(l: SourceListener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  // --- presenter controls ---

  replayState(): ReplayState {
    const pos = Math.min(this.clock.position(this.now()), this.rec.durationMs);
    return {
      file: this.rec.file,
      pairs: [...this.pairs.keys()],
      positionMs: Math.round(pos),
      durationMs: this.rec.durationMs,
      speed: this.clock.speed,
      paused: this.clock.paused,
      ended: this.ended,
      loop: this.loop,
      loops: this.loops,
      recordedAt: this.rec.header.startedAt,
      source: this.rec.header.source,
    };
  }

  /** pause | resume | speed (value: 0.1..50) | seek (value: ms into the recording). */
  control(action: ReplayAction, value?: number): ReplayState {
    this.advance(); // what was due before the change is applied with the old anchor
    const now = this.now();
    if (action === 'pause') this.clock.pause(now);
    else if (action === 'resume') {
      if (this.ended) this.seekTo(0, now);
      this.ended = false;
      this.clock.resume(now);
    } else if (action === 'speed') this.clock.setSpeed(value ?? 1, now);
    else if (action === 'seek') {
      this.ended = false;
      this.seekTo(value ?? 0, now);
    }
    this.o.log?.(
      `replay: ${action}${value === undefined ? '' : ` ${value}`} -> ${JSON.stringify(this.replayState())}`,
    );
    return this.replayState();
  }

  /** Applies every frame that is due by now (the timer calls it; tests call it after moving `now`). */
  advance(): void {
    if (this.state !== 'ready') return;
    const frames = this.rec.frames;
    for (let guard = 0; guard < 1000; guard++) {
      const target = this.clock.position(this.now());
      while (this.cursor < frames.length && frames[this.cursor]!.t <= target) {
        const f = frames[this.cursor++]!;
        this.apply(f.frame, Math.round(this.clock.wallAt(f.t)));
      }
      if (target < this.rec.durationMs || this.rec.durationMs <= 0 || this.cursor < frames.length) return;
      if (this.clock.paused) return; // paused at the very end (a seek there): wait for resume
      if (!this.loop) {
        if (!this.clock.paused) {
          this.clock.seek(this.rec.durationMs, this.now());
          this.clock.pause(this.now());
          this.ended = true;
        }
        return;
      }
      // the end: start again where the end's wall time was, so nothing is stamped twice
      const endWall = this.clock.wallAt(this.rec.durationMs);
      this.clock.seek(0, Math.max(endWall, this.lastStamp + 1));
      this.cursor = 0;
      this.loops++;
    }
  }

  private lastStamp = 0;

  private seekTo(pos: number, now: number): void {
    const target = Math.min(Math.max(0, pos), this.rec.durationMs);
    this.clock.seek(target, now);
    const end = upperBound(this.rec.frames, target);
    const stamp = Math.max(now, this.lastStamp);
    for (const i of stateFramesAt(this.rec.frames, [...this.pairs.keys()], end))
      this.apply(this.rec.frames[i]!.frame, stamp);
    this.cursor = end;
  }

  private apply(frame: Record<string, unknown>, ts: number): void {
    const symbol = frame.symbol as string;
    const pair = this.pairs.get(symbol);
    if (!pair) return;
    const stamp = Math.max(ts, this.lastStamp);
    this.lastStamp = stamp;
    this.lastDataAt = stamp;
    if (frame.type === 'orderbook') {
      const data = frame.data as { bids?: unknown; asks?: unknown };
      pair.seq++;
      pair.book = {
        symbol,
        timestamp: stamp,
        seq: pair.seq,
        bids: intLevels(data.bids),
        asks: intLevels(data.asks),
      };
      for (const l of this.listeners) l.onBook?.(symbol);
    } else if (frame.type === 'ticker') {
      const data = frame.data as Ticker;
      const lastTradedAt = pair.trades[0]?.timestamp ?? stamp;
      pair.ticker = { ...data, symbol, lastTradedAt } as Ticker;
      for (const l of this.listeners) l.onTicker?.(symbol);
    } else if (frame.type === 'trade' && frame.snapshot !== true && Array.isArray(frame.data)) {
      const fresh: PublicTrade[] = [];
      for (let i = frame.data.length - 1; i >= 0; i--) {
        const t = frame.data[i] as PublicTrade;
        const p = priceToInt(String(t.price));
        const q = qtyToInt(String(t.qty));
        if (p === null || q === null) continue;
        const trade = { ...t, tradeId: ++this.tradeSeq, timestamp: stamp } as PublicTrade;
        fresh.push(trade);
        this.candleBook.add(symbol, stamp, p, q);
      }
      if (fresh.length === 0) return;
      pair.trades = [...fresh].reverse().concat(pair.trades).slice(0, KEEP_TRADES);
      for (const l of this.listeners) l.onTrades?.(symbol, fresh);
    }
  }

  private emitStatus(): void {
    const s = this.status();
    for (const l of this.listeners) l.onStatus?.(s);
  }
}

/**
 * The replayed source for createSandbox: the recording is read at once (a bad file throws a
 * RecordingFormatError, code RECORDING_INVALID); its presenter controls are on the object.
 */
export function createReplayedSource(
  choice: Omit<Extract<MarketSourceChoice, { kind: 'replayed' }>, 'kind'>,
  opts: Pick<ReplayOptions, 'log'> = {},
): ReplaySource {
  const { file, ...rest } = choice;
  return new ReplaySource(loadRecording(file), { ...opts, ...rest });
}
