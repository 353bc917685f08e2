import WebSocket from 'ws';
import type { Logger } from '../log.js';
import { backoffDelay } from './backoff.js';

export interface UpstreamTarget {
  url: string;
  headers?: Record<string, string>;
}

export interface UpstreamSocketEvents {
  onOpen(reconnected: boolean): void;
  onMessage(text: string): void;
  onDown(reason: string): void;
}

/**
 * One upstream WebSocket that reconnects with backoff and jitter until closed. `target()` is called
 * on every attempt so private connections are signed with a fresh timestamp.
 */
export class UpstreamSocket {
  private ws: WebSocket | undefined;
  private attempt = 0;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private everOpened = false;
  private upSince = 0;

  constructor(
    private readonly name: string,
    private readonly target: () => Promise<UpstreamTarget>,
    private readonly events: UpstreamSocketEvents,
    private readonly log: Logger,
    private readonly backoff: { baseMs: number; capMs: number; pingMs?: number } = {
      baseMs: 500,
      capMs: 30_000,
    },
  ) {}

  private heartbeat: NodeJS.Timeout | undefined;

  /** Pings every pingMs; a connection silent for two intervals (no pong, ping or frame) is dropped. */
  private watch(ws: WebSocket): void {
    const every = this.backoff.pingMs ?? 20_000;
    let lastSeen = Date.now();
    const seen = () => {
      lastSeen = Date.now();
    };
    ws.on('pong', seen);
    ws.on('ping', seen);
    ws.on('message', seen);
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = setInterval(() => {
      if (ws.readyState !== WebSocket.OPEN) return;
      if (Date.now() - lastSeen > every * 2) {
        this.log.warn(`relay ${this.name}: upstream silent for ${Date.now() - lastSeen} ms; reconnecting`);
        ws.terminate();
        return;
      }
      ws.ping();
    }, every);
    this.heartbeat.unref();
  }

  get isOpen(): boolean {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  start(): void {
    void this.connect();
  }

  send(obj: unknown): boolean {
    if (!this.isOpen) return false;
    this.ws!.send(JSON.stringify(obj));
    return true;
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    let t: UpstreamTarget;
    try {
      t = await this.target();
    } catch (e) {
      this.down(`cannot prepare the connection: ${(e as Error).message}`);
      return;
    }
    if (this.closed) return;
    const ws = new WebSocket(t.url, {
      headers: t.headers,
      handshakeTimeout: 10_000,
      maxPayload: 16 * 1024 * 1024,
    });
    this.ws = ws;
    let downReported = false;
    const reportDown = (reason: string) => {
      if (downReported) return;
      downReported = true;
      if (this.ws === ws) this.ws = undefined;
      this.down(reason);
    };
    ws.on('open', () => {
      this.upSince = Date.now();
      const reconnected = this.everOpened;
      this.everOpened = true;
      this.watch(ws);
      this.log.info(`relay ${this.name}: upstream connected`);
      this.events.onOpen(reconnected);
    });
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      this.events.onMessage(data.toString());
    });
    ws.on('unexpected-response', (_req, res) => {
      reportDown(`upstream refused the connection (HTTP ${res.statusCode})`);
      res.resume();
      ws.terminate();
    });
    ws.on('error', (e) => reportDown(`upstream error: ${(e as NodeJS.ErrnoException).code ?? e.message}`));
    ws.on('close', (code) => reportDown(`upstream closed (${code})`));
  }

  private down(reason: string): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    if (this.closed) return;
    // a connection that stayed up a while resets the backoff
    if (this.upSince && Date.now() - this.upSince > 10_000) this.attempt = 0;
    this.upSince = 0;
    const delay = backoffDelay(this.attempt++, this.backoff.baseMs, this.backoff.capMs);
    this.log.warn(`relay ${this.name}: ${reason}; reconnecting in ${delay} ms`);
    this.events.onDown(reason);
    this.timer = setTimeout(() => void this.connect(), delay);
  }

  /** Drops the current connection on purpose (tests, profile changes); it reconnects. */
  kill(): void {
    this.ws?.terminate();
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    const ws = this.ws;
    this.ws = undefined;
    if (ws) {
      ws.removeAllListeners('close');
      ws.on('error', () => {});
      ws.terminate();
    }
  }
}
