/**
 * The mirrored market source (paper mode): a real upstream's public market, read with public GETs
 * (publicClient.ts) and one public WebSocket (publicStream.ts). Contract: ../source.ts.
 *
 * Pairs and tick policies are loaded at start and every 5 minutes; tickers of every pair are
 * followed at once; a pair's order book and trades only once someone asks for it (touch()). Each
 * `orderbook` frame of the source is a full replacement (docs/sandbox.md), so each one is a new
 * snapshot (seq + 1). A source that cannot be reached is reported in status() with
 * PAPER_SOURCE_UNREACHABLE and tried again with a doubling pause (1 s to 30 s by default).
 */
import type { Candle, PublicTrade, Result, Ticker } from '../../types.js';
import type {
  ExternalMarketSource,
  SourceBook,
  SourceListener,
  SourceMarket,
  SourceStatus,
} from '../source.js';
import { intLevels } from './levels.js';
import { fetchSourceMarkets } from './markets.js';
import { PublicClient } from './publicClient.js';
import { PublicStream } from './publicStream.js';
import { TradeRing } from './tradeRing.js';

const MARKETS_EVERY_MS = 5 * 60_000;

export interface MirroredSourceOptions {
  restUrl: string;
  wsPublicUrl: string;
  retry?: { baseMs: number; capMs: number };
  log?: (line: string) => void;
  now?: () => number;
}

export class MirroredSource implements ExternalMarketSource {
  readonly kind = 'mirrored' as const;
  private readonly client: PublicClient;
  private readonly stream: PublicStream;
  private readonly listeners = new Set<SourceListener>();
  private readonly retry: { baseMs: number; capMs: number };
  private readonly log: (line: string) => void;
  private readonly now: () => number;
  private pairs: SourceMarket[] = [];
  private readonly books = new Map<string, SourceBook>();
  private readonly ring = new TradeRing();
  private readonly tickers = new Map<string, Ticker>();
  private readonly followed = new Set<string>();
  private readonly wanted = new Set<string>();
  private readonly waiters = new Map<string, Array<() => void>>();
  private seq = 0;
  private st: SourceStatus;
  private marketsTimer: NodeJS.Timeout | null = null;
  private marketFailures = 0;
  private streamDown = false;
  private stopped = false;

  constructor(private readonly o: MirroredSourceOptions) {
    this.client = new PublicClient({ restUrl: o.restUrl });
    this.retry = o.retry ?? { baseMs: 1000, capMs: 30_000 };
    this.log = o.log ?? (() => {});
    this.now = o.now ?? Date.now;
    this.st = {
      kind: 'mirrored',
      origin: o.restUrl,
      state: 'connecting',
      since: this.now(),
      lastDataAt: 0,
      pairs: 0,
      followed: [],
      failures: 0,
    };
    this.stream = new PublicStream({
      url: o.wsPublicUrl,
      retry: this.retry,
      onFrame: (f) => this.onFrame(f),
      onOpen: () => {
        this.streamDown = false;
        this.refreshState();
      },
      onDown: (reason) => {
        this.streamDown = true;
        this.st.failures++;
        this.refreshState(reason);
      },
    });
  }

  start(): void {
    this.stopped = false;
    this.stream.start();
    void this.loadMarkets();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.marketsTimer) clearTimeout(this.marketsTimer);
    this.stream.stop();
    this.setState('stopped');
  }

  status(): SourceStatus {
    return { ...this.st, pairs: this.pairs.length, followed: [...this.followed] };
  }

  markets(): SourceMarket[] {
    return this.pairs;
  }

  touch(symbol: string): void {
    if (this.followed.has(symbol)) return;
    if (!this.pairs.some((p) => p.symbol === symbol)) {
      // before the pairs are known: followed once they are (if the source lists it)
      if (this.pairs.length === 0 && this.wanted.size < 100) this.wanted.add(symbol);
      return;
    }
    this.followed.add(symbol);
    this.stream.subscribe('orderbook', [symbol]);
    this.stream.subscribe('trade', [symbol]);
    void this.client.get<PublicTrade[]>('/v2/trades', { symbol, limit: 100 }).then((r) => {
      if (r.ok && Array.isArray(r.value)) this.addTrades(symbol, r.value, false);
    });
  }

  whenReady(symbol: string, timeoutMs: number): Promise<boolean> {
    if (this.books.has(symbol)) return Promise.resolve(true);
    this.touch(symbol);
    return new Promise((resolve) => {
      const list = this.waiters.get(symbol) ?? [];
      const t = setTimeout(() => resolve(this.books.has(symbol)), timeoutMs);
      t.unref();
      list.push(() => {
        clearTimeout(t);
        resolve(true);
      });
      this.waiters.set(symbol, list);
    });
  }

  book(symbol: string): SourceBook | undefined {
    return this.books.get(symbol);
  }

  trades(symbol: string, limit: number): PublicTrade[] {
    return this.ring.recent(symbol, limit);
  }

  ticker(symbol: string): Ticker | undefined {
    return this.tickers.get(symbol);
  }

  candles(
    symbol: string,
    interval: string,
    opts: { start?: number; end?: number; limit: number },
  ): Promise<Result<Candle[]>> {
    return this.client.get<Candle[]>('/v2/candles', {
      symbol,
      interval,
      start: opts.start,
      end: opts.end,
      limit: opts.limit,
    });
  }

  listen(l: SourceListener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  // ---- markets ----

  private async loadMarkets(): Promise<void> {
    if (this.stopped) return;
    const ok = await this.fetchMarkets();
    if (this.stopped) return;
    const wait = ok
      ? MARKETS_EVERY_MS
      : Math.min(this.retry.capMs, this.retry.baseMs * 2 ** Math.min(this.marketFailures - 1, 16));
    this.marketsTimer = setTimeout(() => void this.loadMarkets(), wait);
    this.marketsTimer.unref();
  }

  private async fetchMarkets(): Promise<boolean> {
    const r = await fetchSourceMarkets(this.client);
    if (!r.ok) {
      this.failed(r.detail);
      return false;
    }
    for (const t of r.tickers) this.tickers.set(t.symbol, t);
    const next = r.markets;
    this.pairs = next;
    this.marketFailures = 0;
    this.st.lastDataAt = this.now();
    this.stream.subscribe(
      'ticker',
      next.map((m) => m.symbol),
    );
    this.refreshState();
    for (const s of this.wanted) this.touch(s);
    this.wanted.clear();
    for (const l of this.listeners) l.onMarkets?.();
    return true;
  }

  private failed(detail: string): void {
    this.marketFailures++;
    this.st.failures++;
    this.refreshState(detail);
  }

  // ---- frames ----

  private onFrame(f: Record<string, unknown>): void {
    const type = f.type;
    const symbol = f.symbol;
    if (typeof symbol !== 'string') {
      if (f.status === 'fail') this.log(`paper: source refused a subscription: ${JSON.stringify(f)}`);
      return;
    }
    this.st.lastDataAt = this.now();
    if (type === 'ticker' && f.data && typeof f.data === 'object') {
      this.tickers.set(symbol, f.data as Ticker);
      for (const l of this.listeners) l.onTicker?.(symbol);
    } else if (type === 'orderbook' && f.data && typeof f.data === 'object') {
      if (f.level !== undefined) return; // grouped books are built here from the ungrouped one
      const d = f.data as { timestamp?: number; bids?: unknown; asks?: unknown };
      this.books.set(symbol, {
        symbol,
        timestamp: typeof d.timestamp === 'number' ? d.timestamp : this.now(),
        seq: ++this.seq,
        bids: intLevels(d.bids),
        asks: intLevels(d.asks),
      });
      const w = this.waiters.get(symbol);
      if (w) {
        this.waiters.delete(symbol);
        for (const fn of w) fn();
      }
      for (const l of this.listeners) l.onBook?.(symbol);
    } else if (type === 'trade' && Array.isArray(f.data)) {
      this.addTrades(symbol, f.data as PublicTrade[], f.snapshot !== true);
    }
  }

  /** Adds trades (newest first, as the wire sends them); reports the unseen ones when `live`. */
  private addTrades(symbol: string, list: PublicTrade[], live: boolean): void {
    const fresh = this.ring.add(symbol, list);
    if (live && fresh.length > 0) for (const l of this.listeners) l.onTrades?.(symbol, fresh);
  }

  // ---- status ----

  private refreshState(detail?: string): void {
    if (this.stopped) return;
    const failing = this.pairs.length === 0 ? this.marketFailures > 0 || this.streamDown : this.streamDown;
    if (failing) this.setState('unreachable', 'PAPER_SOURCE_UNREACHABLE', detail);
    else if (this.pairs.length > 0 && this.stream.open) {
      if (this.st.state !== 'ready') this.st.failures = 0;
      this.setState('ready');
    } else this.setState('connecting', undefined, detail);
  }

  private setState(state: SourceStatus['state'], code?: string, detail?: string): void {
    const changed = state !== this.st.state || code !== this.st.code;
    if (changed) {
      this.st.state = state;
      this.st.since = this.now();
      if (code) this.st.code = code;
      else delete this.st.code;
    }
    if (detail !== undefined) this.st.detail = detail;
    else if (state === 'ready') delete this.st.detail;
    if (changed) {
      this.log(
        state === 'unreachable'
          ? `paper: source ${this.o.restUrl} unreachable (${code}): ${detail ?? ''}; retrying`
          : `paper: source ${this.o.restUrl} ${state}`,
      );
      const s = this.status();
      for (const l of this.listeners) l.onStatus?.(s);
    }
  }
}
