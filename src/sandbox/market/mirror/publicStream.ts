/**
 * Paper mode's public WebSocket to its source: one connection to `/v2/public` (never `/v2/private`,
 * never a key header), subscriptions to ticker / orderbook / trade, reconnect with a doubling pause,
 * and every subscription sent again after a reconnect. Frames go to `onFrame` as parsed JSON.
 */
import WebSocket from 'ws';
import { MIRROR_USER_AGENT } from './publicClient.js';

export type StreamChannel = 'ticker' | 'orderbook' | 'trade';

export interface PublicStreamOptions {
  url: string;
  onFrame(frame: Record<string, unknown>): void;
  onOpen(): void;
  onDown(reason: string): void;
  retry: { baseMs: number; capMs: number };
}

/** Symbols per subscription item (the sandbox accepts 300 per connection; live's limit is unknown). */
const CHUNK = 50;

export class PublicStream {
  private ws: WebSocket | null = null;
  private readonly subs = new Map<StreamChannel, Set<string>>();
  private stopped = false;
  private failures = 0;
  private timer: NodeJS.Timeout | null = null;
  private nextId = 1;

  constructor(private readonly o: PublicStreamOptions) {
    const u = new URL(o.url);
    if (!/^wss?:$/.test(u.protocol) || !u.pathname.endsWith('/v2/public'))
      throw new Error(`paper source stream must be ws(s)://host/v2/public, got ${o.url}`);
  }

  get open(): boolean {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.removeAllListeners();
      ws.on('error', () => {});
      ws.terminate();
    }
  }

  /** Adds symbols to a channel (sent now when connected, and after every reconnect). */
  subscribe(channel: StreamChannel, symbols: string[]): void {
    let set = this.subs.get(channel);
    if (!set) {
      set = new Set();
      this.subs.set(channel, set);
    }
    const fresh = symbols.filter((s) => !set.has(s));
    for (const s of fresh) set.add(s);
    if (fresh.length > 0 && this.open) this.send(channel, fresh);
  }

  private send(channel: StreamChannel, symbols: string[]): void {
    for (let i = 0; i < symbols.length; i += CHUNK) {
      const item = {
        requestId: this.nextId++,
        method: 'subscribe',
        type: channel,
        symbols: symbols.slice(i, i + CHUNK),
      };
      this.ws?.send(JSON.stringify([item]));
    }
  }

  private connect(): void {
    if (this.stopped) return;
    const ws = new WebSocket(this.o.url, {
      headers: { 'user-agent': MIRROR_USER_AGENT },
      handshakeTimeout: 8000,
    });
    this.ws = ws;
    let down = false;
    const onDown = (reason: string) => {
      if (down || this.ws !== ws) return;
      down = true;
      this.ws = null;
      ws.removeAllListeners();
      ws.on('error', () => {});
      ws.terminate();
      this.failures++;
      this.o.onDown(reason);
      if (this.stopped) return;
      const wait = Math.min(this.o.retry.capMs, this.o.retry.baseMs * 2 ** Math.min(this.failures - 1, 16));
      this.timer = setTimeout(() => this.connect(), wait);
      this.timer.unref();
    };
    ws.on('open', () => {
      this.failures = 0;
      for (const [channel, set] of this.subs) if (set.size > 0) this.send(channel, [...set]);
      this.o.onOpen();
    });
    ws.on('message', (data) => {
      let frame: unknown;
      try {
        frame = JSON.parse(String(data));
      } catch {
        return;
      }
      if (frame && typeof frame === 'object' && !Array.isArray(frame))
        this.o.onFrame(frame as Record<string, unknown>);
    });
    ws.on('error', (e) => onDown(`stream error: ${e.message}`));
    ws.on('close', (code) => onDown(`stream closed (${code})`));
  }
}
