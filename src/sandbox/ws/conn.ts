// One client connection: sending with backpressure rules, injected stalls and drops, and the
// heartbeat. Public frames may be dropped under load (a skipped orderbook frame is re-sent once the
// socket drains, so the book still converges); private frames are never dropped: when the client
// cannot keep up the socket is closed instead.
import type WebSocket from 'ws';
import type { FaultInjector } from '../faults/index.js';

/** Above this many buffered bytes, public non-snapshot frames are skipped. */
export const PUBLIC_SOFT_LIMIT = 1 << 20;
/** Above this many buffered bytes (or queued while stalled), the connection is closed. */
export const HARD_LIMIT = 8 << 20;
const MAX_STALL_QUEUE = 5000;

export type ConnKind = 'public' | 'private';

export class Conn {
  alive = true;
  closed = false;
  private stalledUntil = 0;
  private stallQueue: string[] = [];
  private stallTimer: NodeJS.Timeout | null = null;
  /** Keys of public frames skipped under load that must be re-sent when drained. */
  readonly resendKeys = new Set<string>();

  constructor(
    readonly ws: WebSocket,
    readonly kind: ConnKind,
    private readonly faults: FaultInjector,
    private readonly log: (line: string) => void,
    /** Commits the store's pending turn: no frame shows what is not committed (store/turn.ts). */
    private readonly settle: () => void = () => {},
  ) {}

  /** Control messages (acks, failures): never faulted, never dropped. */
  sendControl(msg: unknown): void {
    this.raw(JSON.stringify(msg), true);
  }

  /**
   * Data frame. Returns false when a public frame was skipped (load or injected fault); `key`
   * identifies the stream (e.g. 'orderbook:btc_krw:') so a skipped book can be re-sent.
   */
  sendFrame(frame: string, opts: { key?: string; snapshot?: boolean } = {}): boolean {
    if (this.closed) return false;
    const f = this.faults.wsFrameFault(this.kind);
    if (f === 'drop') {
      this.ws.terminate();
      this.closed = true;
      return false;
    }
    if (f === 'skip' && !opts.snapshot) return false;
    if (f !== null && typeof f === 'object') this.stall(f.stallMs);
    if (this.kind === 'public' && !opts.snapshot && this.ws.bufferedAmount > PUBLIC_SOFT_LIMIT) {
      if (opts.key) this.resendKeys.add(opts.key);
      return false;
    }
    this.raw(frame, false);
    return true;
  }

  /** True while an injected stall holds the connection silent (no frames, no pings). */
  isStalled(): boolean {
    return this.stalledUntil > Date.now();
  }

  stall(ms: number): void {
    this.stalledUntil = Math.max(this.stalledUntil, Date.now() + ms);
    if (this.stallTimer) clearTimeout(this.stallTimer);
    this.stallTimer = setTimeout(() => this.flushStall(), Math.max(0, this.stalledUntil - Date.now()));
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    if (this.stallTimer) clearTimeout(this.stallTimer);
    try {
      this.ws.close(code, reason);
    } catch {
      this.ws.terminate();
    }
  }

  terminate(): void {
    this.closed = true;
    if (this.stallTimer) clearTimeout(this.stallTimer);
    this.ws.terminate();
  }

  private flushStall(): void {
    this.stallTimer = null;
    const q = this.stallQueue;
    this.stallQueue = [];
    this.stalledUntil = 0;
    for (const m of q) this.raw(m, true);
  }

  private raw(data: string, control: boolean): void {
    if (this.closed || this.ws.readyState !== 1) return;
    if (this.stalledUntil > Date.now()) {
      if (this.stallQueue.length >= MAX_STALL_QUEUE) {
        this.log(`ws: ${this.kind} client fell too far behind during a stall; closing`);
        this.close(1013, 'slow consumer');
        return;
      }
      this.stallQueue.push(data);
      return;
    }
    if (this.ws.bufferedAmount > HARD_LIMIT) {
      this.log(
        `ws: ${this.kind} client has ${this.ws.bufferedAmount} bytes buffered; closing (slow consumer)`,
      );
      this.close(1013, 'slow consumer');
      return;
    }
    this.settle();
    this.ws.send(data, (err) => {
      if (err && !control) this.closed = true;
    });
  }
}
