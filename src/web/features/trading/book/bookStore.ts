// Hot order-book state outside React. One store per screen: it subscribes the orderbook channel for one
// symbol and grouping level, takes full-replacement frames, paints the first snapshot at once and coalesces
// later frames to at most one flush per animation frame; a frame that follows a quiet frame interval is
// rendered at once (issue 20: its paint is the next frame's either way, and the render then happens before
// that frame instead of inside it, which made the frame and so the frame -> paint time longer). When the stream is anything but open (socket lost,
// proxy `interrupted`), the book is discarded and rebuilt only from the next snapshot frame: no ghost levels.
import { orderbookFrameSchema } from '../../../../core/schemas/ws.js';
import { defaultRaf, frameScheduler, type Raf } from '../../../lib/frameScheduler.js';
import { type BookLevel, buildLadder, type Ladder } from '../../../lib/market/bookMath.js';
import { type Frame, groupedBookStream, publicStream, type Stream } from '../../../lib/ws.js';

export type BookStatus = 'idle' | 'waiting' | 'live' | 'stale';

export interface BookSnapshot {
  symbol: string;
  level: string | null;
  status: BookStatus;
  ladder: Ladder;
  timestamp: number;
  /** Frames received / paints done, for diagnostics and tests. */
  frames: number;
  paints: number;
}

const EMPTY: Ladder = { bids: [], asks: [], spread: null, mid: null };
/** One frame interval at 60 Hz: frames closer together than this are coalesced on an animation frame. */
const FRAME_MS = 16;

export class BookStore {
  private snap: BookSnapshot = {
    symbol: '',
    level: null,
    status: 'idle',
    ladder: EMPTY,
    timestamp: 0,
    frames: 0,
    paints: 0,
  };
  private listeners = new Set<() => void>();
  private pending: { bids: BookLevel[]; asks: BookLevel[]; timestamp: number } | null = null;
  private readonly scheduleFlush = frameScheduler(
    (cb) => this.raf(cb),
    () => this.flush(),
  );
  private awaitingSnapshot = true;
  private lastFlushAt = Number.NEGATIVE_INFINITY;
  private unsub: (() => void) | null = null;
  private unsubStatus: (() => void) | null = null;

  constructor(
    private readonly stream: Pick<Stream, 'subscribe' | 'onStatus'> = publicStream,
    private readonly raf: Raf = defaultRaf,
    private readonly now: () => number = () => performance.now(),
    /** Grouped books stream on a connection of their own (lib/ws.ts groupedBookStream). */
    private readonly grouped: Pick<Stream, 'subscribe' | 'onStatus'> = groupedBookStream,
  ) {}

  getSnapshot = (): BookSnapshot => this.snap;

  subscribe = (cb: () => void): (() => void) => {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  };

  /** (Re)targets the store; discards the current book and waits for the new subscription's snapshot. */
  start(symbol: string, level: string | null) {
    this.stop();
    this.snap = { ...this.snap, symbol, level, status: 'waiting', ladder: EMPTY, timestamp: 0 };
    this.awaitingSnapshot = true;
    this.pending = null;
    const stream = level ? this.grouped : this.stream;
    this.unsub = stream.subscribe(
      { type: 'orderbook', symbols: [symbol], ...(level ? { level } : {}) },
      this.onFrame,
    );
    this.unsubStatus = stream.onStatus((s) => {
      if (s !== 'open') this.discard();
    });
    this.emit();
  }

  /** Starts unless already streaming this symbol and level (keeps a book subscribed at boot). */
  ensure(symbol: string, level: string | null) {
    if (this.unsub && this.snap.symbol === symbol && this.snap.level === level) return;
    this.start(symbol, level);
  }

  stop() {
    this.unsub?.();
    this.unsubStatus?.();
    this.unsub = null;
    this.unsubStatus = null;
  }

  /** Throw the book away; only the next snapshot frame may rebuild it. */
  discard() {
    this.awaitingSnapshot = true;
    this.pending = null;
    if (this.snap.status === 'idle') return;
    this.snap = { ...this.snap, status: 'stale', ladder: EMPTY };
    this.emit();
  }

  onFrame = (f: Frame) => {
    if (typeof f.level === 'string' && f.level !== (this.snap.level ?? '')) return;
    if (f.level === undefined && f.symbol !== this.snap.symbol) return;
    const parsed = orderbookFrameSchema.safeParse(f);
    if (!parsed.success) return;
    const isSnapshot = parsed.data.snapshot === true;
    if (this.awaitingSnapshot && !isSnapshot) return;
    this.snap.frames++;
    this.pending = {
      bids: parsed.data.data.bids,
      asks: parsed.data.data.asks,
      timestamp: parsed.data.data.timestamp,
    };
    if (isSnapshot && this.awaitingSnapshot) {
      this.awaitingSnapshot = false;
      this.flush();
      return;
    }
    if (this.now() - this.lastFlushAt >= FRAME_MS) {
      this.flush();
      return;
    }
    this.scheduleFlush();
  };

  private flush() {
    const p = this.pending;
    if (!p || this.awaitingSnapshot) return;
    this.pending = null;
    this.lastFlushAt = this.now();
    this.snap = {
      ...this.snap,
      status: 'live',
      ladder: buildLadder(p.bids, p.asks),
      timestamp: p.timestamp,
      paints: this.snap.paints + 1,
    };
    this.emit();
  }

  private emit() {
    for (const l of this.listeners) l();
  }
}
