import { BARS_PER_PAGE, MAX_BAR_PAGES } from '../../core/conditional/gapBars.js';
import type { PriceBar } from '../../core/conditional/scanBars.js';
import type { MarketTrade } from '../../core/conditional/types.js';
import type { Forwarder } from '../forward/forwarder.js';
import type { Logger } from '../log.js';
import { readWithRetry } from '../orders/retry.js';
import { UpstreamSocket } from '../relay/upstreamSocket.js';

export type FeedState = 'idle' | 'connecting' | 'live' | 'down';

export interface FeedEvents {
  /** Trades of one symbol; `gap` when they come from a snapshot or a REST backfill (maybe missed live). */
  onTrades(symbol: string, trades: MarketTrade[], gap: boolean): void;
  /** The stream (re)opened: trades may have been missed since `downSince`. */
  onResync(symbols: string[]): void;
}

/** The most trades one GET /v2/trades returns, and what the engines read back after a gap. */
export const RECENT_TRADES = 500;

const PRICE_RE = /^\d+(\.\d+)?$/;

function toBars(data: unknown): PriceBar[] | null {
  if (!Array.isArray(data)) return null;
  const out: PriceBar[] = [];
  for (const c of data) {
    const r = c as { timestamp?: unknown; high?: unknown; low?: unknown };
    if (typeof r.timestamp === 'number' && typeof r.high === 'string' && typeof r.low === 'string') {
      if (PRICE_RE.test(r.high) && PRICE_RE.test(r.low))
        out.push({ timestamp: r.timestamp, high: r.high, low: r.low });
    }
  }
  return out;
}

function toTrades(data: unknown): MarketTrade[] {
  if (!Array.isArray(data)) return [];
  const out: MarketTrade[] = [];
  for (const t of data) {
    const r = t as { tradeId?: unknown; price?: unknown; timestamp?: unknown };
    if (typeof r.tradeId === 'number' && typeof r.price === 'string' && PRICE_RE.test(r.price)) {
      out.push({
        tradeId: r.tradeId,
        price: r.price,
        timestamp: typeof r.timestamp === 'number' ? r.timestamp : 0,
      });
    }
  }
  return out;
}

/** One consumer's view of the shared feed: its own symbols, events and state. */
export interface FeedTap {
  /** Keeps this consumer's subscription equal to `wanted`; opens the socket on first need. */
  watch(wanted: Iterable<string>): void;
  /** Recent trades by REST (up to 500, newest first on the wire); null when the read fails. */
  recent(symbol: string, limit?: number): Promise<MarketTrade[] | null>;
  /** Candles of [from, to) by REST, paged back from `to` (at most MAX_BAR_PAGES); null when a read fails. */
  bars(symbol: string, interval: string, from: number, to: number): Promise<PriceBar[] | null>;
  /** 'idle' while this consumer watches nothing, else the connection's state. */
  readonly state: FeedState;
  readonly reason: string;
  /** When a frame of one of this consumer's symbols last arrived (ms, 0 = never). */
  readonly lastFrameAt: number;
  readonly downSince: number;
  /** Test hook: drop the shared upstream connection (it reconnects). */
  kill(): void;
  /** Stops watching and detaches; the connection stays for the other consumers. */
  close(): void;
}

interface Tap {
  name: string;
  events: FeedEvents;
  symbols: Set<string>;
  lastFrameAt: number;
}

/**
 * The proxy's one public trade stream for its engines (conditional orders, price alerts): one
 * upstream WebSocket (the relay's reconnecting `UpstreamSocket`) subscribed to the `trade` channel
 * of every symbol some consumer watches, plus REST reads of recent trades to fill gaps. Each
 * consumer gets a `FeedTap` with its own symbol set; frames and resyncs reach only the consumers
 * watching that symbol.
 */
export class TradeFeed {
  private socket: UpstreamSocket | undefined;
  private readonly taps = new Set<Tap>();
  /** What the upstream is subscribed to: the union of the consumers' symbols. */
  private readonly symbols = new Set<string>();
  private requestId = 0;
  private conn: Exclude<FeedState, 'idle'> | 'closed' = 'closed';
  private reason = '';
  private downSince = 0;

  constructor(
    private readonly forwarder: Forwarder,
    private readonly log: Logger,
    private readonly backoff?: { baseMs: number; capMs: number; pingMs?: number },
  ) {}

  tap(name: string, events: FeedEvents): FeedTap {
    const t: Tap = { name, events, symbols: new Set(), lastFrameAt: 0 };
    this.taps.add(t);
    const feed = this;
    return {
      watch: (wanted) => this.watch(t, wanted),
      recent: (symbol, limit) => this.recent(t.name, symbol, limit),
      bars: (symbol, interval, from, to) => this.bars(t.name, symbol, interval, from, to),
      get state(): FeedState {
        return t.symbols.size === 0 || feed.conn === 'closed' ? 'idle' : feed.conn;
      },
      get reason() {
        return feed.reason;
      },
      get lastFrameAt() {
        return t.lastFrameAt;
      },
      get downSince() {
        return feed.downSince;
      },
      kill: () => this.socket?.kill(),
      close: () => {
        this.watch(t, []);
        this.taps.delete(t);
      },
    };
  }

  private watch(t: Tap, wanted: Iterable<string>): void {
    const next = new Set(wanted);
    const added = [...next].filter((s) => !t.symbols.has(s));
    t.symbols = next;
    const union = new Set([...this.taps].flatMap((x) => [...x.symbols]));
    const subscribe = [...union].filter((s) => !this.symbols.has(s));
    const removed = [...this.symbols].filter((s) => !union.has(s));
    for (const s of subscribe) this.symbols.add(s);
    for (const s of removed) this.symbols.delete(s);
    if (removed.length && this.socket?.isOpen) {
      this.socket.send([
        { requestId: ++this.requestId, method: 'unsubscribe', type: 'trade', symbols: removed },
      ]);
    }
    if (this.symbols.size === 0) return;
    if (!this.socket) {
      this.open();
      return;
    }
    if (this.socket.isOpen) {
      this.subscribe(subscribe);
      // newly watched by this consumer: it may have missed trades, even where another was subscribed
      if (added.length) t.events.onResync(added);
      this.conn = 'live';
    }
  }

  private open(): void {
    this.conn = 'connecting';
    this.downSince = Date.now();
    this.socket = new UpstreamSocket(
      'public-trades',
      async () => ({ url: this.forwarder.upstreamFor(undefined).wsPublicUrl }),
      {
        onOpen: () => {
          this.subscribe([...this.symbols]);
          this.conn = 'live';
          this.reason = '';
          for (const t of this.taps) if (t.symbols.size) t.events.onResync([...t.symbols]);
        },
        onMessage: (text) => this.onMessage(text),
        onDown: (reason) => {
          if (this.conn === 'live') this.downSince = Date.now();
          this.conn = 'down';
          this.reason = reason;
        },
      },
      this.log,
      this.backoff,
    );
    this.socket.start();
  }

  private subscribe(symbols: string[]): void {
    if (symbols.length === 0) return;
    this.socket?.send([{ requestId: ++this.requestId, method: 'subscribe', type: 'trade', symbols }]);
  }

  private onMessage(text: string): void {
    let f: { type?: unknown; symbol?: unknown; snapshot?: unknown; data?: unknown };
    try {
      f = JSON.parse(text) as typeof f;
    } catch {
      return;
    }
    if (f?.type !== 'trade' || typeof f.symbol !== 'string' || !this.symbols.has(f.symbol)) return;
    const symbol = f.symbol;
    const trades = toTrades(f.data);
    const now = Date.now();
    for (const t of this.taps) {
      if (!t.symbols.has(symbol)) continue;
      t.lastFrameAt = now;
      t.events.onTrades(symbol, trades.slice(), f.snapshot === true);
    }
  }

  private async recent(who: string, symbol: string, limit = RECENT_TRADES): Promise<MarketTrade[] | null> {
    try {
      const res = await readWithRetry(() =>
        this.forwarder.execute({
          method: 'GET',
          path: '/v2/trades',
          params: [
            ['symbol', symbol],
            ['limit', String(limit)],
          ],
        }),
      );
      if (!res.envelope.success) {
        this.log.warn(
          `${who}: trades backfill for ${symbol} refused: ${String(res.envelope.error?.message)}`,
        );
        return null;
      }
      return toTrades(res.envelope.data);
    } catch (e) {
      this.log.warn(`${who}: trades backfill for ${symbol} failed: ${(e as Error).message}`);
      return null;
    }
  }

  private async bars(
    who: string,
    symbol: string,
    interval: string,
    from: number,
    to: number,
  ): Promise<PriceBar[] | null> {
    const all: PriceBar[] = [];
    let end = to;
    try {
      for (let page = 0; page < MAX_BAR_PAGES && end > from; page++) {
        const res = await readWithRetry(() =>
          this.forwarder.execute({
            method: 'GET',
            path: '/v2/candles',
            params: [
              ['symbol', symbol],
              ['interval', interval],
              ['start', String(from)],
              ['end', String(end)],
              ['limit', String(BARS_PER_PAGE)],
            ],
          }),
        );
        if (!res.envelope.success) {
          this.log.warn(`${who}: candles for ${symbol} refused: ${String(res.envelope.error?.message)}`);
          return null;
        }
        const got = toBars(res.envelope.data);
        if (!got) return null;
        const older = got.filter((b) => b.timestamp < end);
        all.push(...older);
        if (got.length < BARS_PER_PAGE || !older.length) break;
        end = Math.min(...older.map((b) => b.timestamp));
      }
    } catch (e) {
      this.log.warn(`${who}: candles for ${symbol} failed: ${(e as Error).message}`);
      return null;
    }
    return all.sort((a, b) => a.timestamp - b.timestamp);
  }

  close(): void {
    this.socket?.close();
    this.socket = undefined;
    this.conn = 'closed';
  }
}
