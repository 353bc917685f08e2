import type { MarketTrade } from '../../core/conditional/types.js';
import type { Forwarder } from '../forward/forwarder.js';
import type { Logger } from '../log.js';
import { UpstreamSocket } from '../relay/upstreamSocket.js';

export type FeedState = 'idle' | 'connecting' | 'live' | 'down';

export interface FeedEvents {
  /** Trades of one symbol; `gap` when they come from a snapshot or a REST backfill (maybe missed live). */
  onTrades(symbol: string, trades: MarketTrade[], gap: boolean): void;
  /** The stream (re)opened: trades may have been missed since `downSince`. */
  onResync(symbols: string[]): void;
}

function toTrades(data: unknown): MarketTrade[] {
  if (!Array.isArray(data)) return [];
  const out: MarketTrade[] = [];
  for (const t of data) {
    const r = t as { tradeId?: unknown; price?: unknown; timestamp?: unknown };
    if (typeof r.tradeId === 'number' && typeof r.price === 'string' && /^\d+(\.\d+)?$/.test(r.price)) {
      out.push({
        tradeId: r.tradeId,
        price: r.price,
        timestamp: typeof r.timestamp === 'number' ? r.timestamp : 0,
      });
    }
  }
  return out;
}

/**
 * The trigger engine's own public trade stream: one upstream WebSocket (the relay's reconnecting
 * `UpstreamSocket`), subscribed to the `trade` channel of every symbol with a live conditional
 * order, plus REST reads of recent trades to fill gaps.
 */
export class TradeFeed {
  private socket: UpstreamSocket | undefined;
  private readonly symbols = new Set<string>();
  private requestId = 0;
  state: FeedState = 'idle';
  lastFrameAt = 0;
  downSince = 0;
  reason = '';

  constructor(
    private readonly forwarder: Forwarder,
    private readonly log: Logger,
    private readonly events: FeedEvents,
    private readonly backoff?: { baseMs: number; capMs: number; pingMs?: number },
  ) {}

  /** Keeps the subscription equal to `wanted`; opens the socket on first need. */
  watch(wanted: Iterable<string>): void {
    const next = new Set(wanted);
    const added = [...next].filter((s) => !this.symbols.has(s));
    const removed = [...this.symbols].filter((s) => !next.has(s));
    for (const s of added) this.symbols.add(s);
    for (const s of removed) this.symbols.delete(s);
    if (removed.length && this.socket?.isOpen) {
      this.socket.send([
        { requestId: ++this.requestId, method: 'unsubscribe', type: 'trade', symbols: removed },
      ]);
    }
    if (this.symbols.size === 0) {
      this.state = 'idle';
      return;
    }
    if (!this.socket) {
      this.state = 'connecting';
      this.downSince = Date.now();
      this.socket = new UpstreamSocket(
        'conditional-trades',
        async () => ({ url: this.forwarder.upstreamFor(undefined).wsPublicUrl }),
        {
          onOpen: () => {
            this.subscribe([...this.symbols]);
            this.state = this.symbols.size ? 'live' : 'idle';
            this.reason = '';
            this.events.onResync([...this.symbols]);
          },
          onMessage: (text) => this.onMessage(text),
          onDown: (reason) => {
            if (this.state === 'live') this.downSince = Date.now();
            this.state = this.symbols.size ? 'down' : 'idle';
            this.reason = reason;
          },
        },
        this.log,
        this.backoff,
      );
      this.socket.start();
      return;
    }
    if (added.length && this.socket.isOpen) {
      this.subscribe(added);
      this.events.onResync(added);
    }
    if (this.state === 'idle') this.state = this.socket.isOpen ? 'live' : 'connecting';
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
    this.lastFrameAt = Date.now();
    this.events.onTrades(f.symbol, toTrades(f.data), f.snapshot === true);
  }

  /** Recent trades by REST (up to 500, newest first on the wire); [] when the read fails. */
  async recent(symbol: string, limit = 500): Promise<MarketTrade[] | null> {
    try {
      const res = await this.forwarder.execute({
        method: 'GET',
        path: '/v2/trades',
        params: [
          ['symbol', symbol],
          ['limit', String(limit)],
        ],
      });
      if (!res.envelope.success) return null;
      return toTrades(res.envelope.data);
    } catch (e) {
      this.log.warn(`conditional: trades backfill for ${symbol} failed: ${(e as Error).message}`);
      return null;
    }
  }

  /** Test hook: drop the upstream connection (it reconnects). */
  kill(): void {
    this.socket?.kill();
  }

  close(): void {
    this.socket?.close();
    this.socket = undefined;
    this.state = 'idle';
  }
}
