import type { IncomingMessage } from 'node:http';
import WebSocket from 'ws';
import { classifyHandshakeRefusal, type HandshakeRefusal, refusalCode } from '../../core/streamRefusal.js';
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
  /**
   * Private sockets: a definitive refusal (a coded 4xx but 429, e.g. KEY_EXPIRED) parks the socket
   * (no more attempts until `resume()`) and is told here. Without it every refusal backs off.
   */
  onRefused?(r: HandshakeRefusal): void;
  /** Re-measures the clock after an EXCEED_TIME_WINDOW refusal (the next attempt goes at once, once). */
  resyncClock?(): Promise<unknown>;
}

/** Reads at most 2 KB of a refused handshake's body (the error envelope). */
function readRefusal(res: IncomingMessage): Promise<HandshakeRefusal> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      const body = Buffer.concat(chunks).toString('utf8');
      resolve({ status: res.statusCode ?? 0, code: refusalCode(body) });
    };
    const timer = setTimeout(finish, 3000);
    res.on('data', (c: Buffer) => {
      if (size < 2048) chunks.push(c.subarray(0, 2048 - size));
      size += c.length;
      if (size >= 2048) finish();
    });
    res.on('end', finish);
    res.on('error', finish);
    res.on('close', finish);
  });
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
  /** Stopped after a definitive refusal until resume(). */
  private parked = false;
  /** The one EXCEED_TIME_WINDOW resync of this refusal streak was used. */
  private resynced = false;
  /** Handshakes attempted (for diagnostics and tests). */
  attempts = 0;

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

  get isParked(): boolean {
    return this.parked;
  }

  /** Starts parked (the key is known to be refused): no attempt until resume(). */
  park(): void {
    this.parked = true;
  }

  /** Leaves the parked state (key changed, the user asked) and tries again at once. */
  resume(): void {
    if (!this.parked || this.closed) return;
    this.parked = false;
    this.attempt = 0;
    this.resynced = false;
    void this.connect();
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
    this.timer = undefined;
    if (this.closed || this.parked) return;
    let t: UpstreamTarget;
    try {
      t = await this.target();
    } catch (e) {
      this.down(`cannot prepare the connection: ${(e as Error).message}`);
      return;
    }
    if (this.closed || this.parked) return;
    this.attempts++;
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
      downReported = true; // the refusal is told once its body is read
      if (this.ws === ws) this.ws = undefined;
      void readRefusal(res).then((r) => {
        ws.terminate();
        this.refused(r);
      });
    });
    ws.on('error', (e) => reportDown(`upstream error: ${(e as NodeJS.ErrnoException).code ?? e.message}`));
    ws.on('close', (code) => reportDown(`upstream closed (${code})`));
  }

  /** A refused handshake, read as the vendor's client reads it (core/streamRefusal.ts). */
  private refused(r: HandshakeRefusal): void {
    if (this.closed) return;
    const what = `upstream refused the connection (HTTP ${r.status}${r.code ? ` ${r.code}` : ''})`;
    const action = classifyHandshakeRefusal(r);
    if (action === 'timeWindow' && !this.resynced && this.events.resyncClock) {
      this.resynced = true;
      this.log.warn(`relay ${this.name}: ${what}; resyncing the clock and retrying at once`);
      const resync = this.events.resyncClock.bind(this.events);
      void resync().then(
        () => void this.connect(),
        (e) => this.down(`${what}; clock resync failed: ${(e as Error).message}`),
      );
      return;
    }
    if (action === 'stop' && this.events.onRefused) {
      if (this.heartbeat) clearInterval(this.heartbeat);
      this.heartbeat = undefined;
      this.parked = true;
      this.log.warn(`relay ${this.name}: ${what}; not retrying until the key changes or a retry is asked`);
      this.events.onDown(what);
      this.events.onRefused(r);
      return;
    }
    this.down(what);
  }

  private down(reason: string): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    if (this.closed) return;
    // a connection that stayed up a while resets the backoff
    if (this.upSince && Date.now() - this.upSince > 10_000) {
      this.attempt = 0;
      this.resynced = false;
    }
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

/** What the relay hears from a private hub about its key (refusals feed proxy/health). */
export type HubKeyEvents = Pick<UpstreamSocketEvents, 'onRefused' | 'resyncClock'> & {
  /** The upstream connection opened (the key was accepted). */
  onAccepted?(): void;
  /** A hub created while its profile's key stands refused (by the stream) starts parked. */
  startParked?: boolean;
  /** Every private frame after it was routed to the browsers (the ledger reads fills after a myTrade). */
  onFrame?(frame: Record<string, unknown>): void;
};

export type HubKind = 'public' | 'private';
