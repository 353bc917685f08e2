// WebSocket client for the proxy's relays (/ws/public, /ws/private?profile=<id>).
// One socket per stream, refcounted subscriptions, reconnection with backoff, resubscription on reopen.
// Private channels (myOrder, myTrade, myAsset) are merged per channel: the upstream keeps ONE subscription
// per private channel and connection, so the wire always carries the union of every subscriber's accounts
// (see privateChannels.ts) and each frame goes to the subscribers of its account.
// The proxy sends {"type":"proxy","event":"interrupted"|"resumed"|"error"} control frames: consumers listen
// with onStatus() and discard their stream state on anything but 'open', rebuilding from the next snapshot.
// On a private socket it also sends {"type":"proxy","event":"keyProblem","code","description"} when the
// exchange refuses the profile's key (the proxy then stops retrying until the key changes or a retry is
// asked) and {"type":"proxy","event":"keyOk"} when that is over: `keyProblem` / onKeyProblem() / useKeyProblem().
import { useSyncExternalStore } from 'react';
import { isPrivateChannel, PrivateChannels } from './privateChannels.js';
import {
  type Frame,
  type FrameHandler,
  type KeyProblemNote,
  keyOf,
  type StreamStatus,
  type SubscribeReq,
  wireReq,
} from './wsWire.js';

export type { Frame, FrameHandler, KeyProblemNote, StreamStatus, SubscribeReq } from './wsWire.js';
export { wireReq } from './wsWire.js';

interface Entry {
  req: SubscribeReq;
  handlers: Set<FrameHandler>;
}

let clockOffsetMs = 0;
/** Server time minus local time, from the proxy's session; used for latency estimates. */
export function setClockOffset(ms: number) {
  clockOffsetMs = ms;
}

export class Stream {
  private ws: WebSocket | null = null;
  private entries = new Map<string, Entry>();
  private readonly priv = new PrivateChannels(
    () => this.ws?.readyState === WebSocket.OPEN,
    (reqs) => this.send(reqs),
    () => this.nextId++,
  );
  private statusCbs = new Set<(s: StreamStatus) => void>();
  private nextId = 1;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private _status: StreamStatus = 'closed';
  /** Estimated delivery latency of the last timestamped frame (ms), or null. */
  latencyMs: number | null = null;
  lastFrameAt = 0;
  lastError: string | null = null;
  private _keyProblem: KeyProblemNote | null = null;
  private keyCbs = new Set<() => void>();

  constructor(private readonly path: string) {}

  get status(): StreamStatus {
    return this._status;
  }

  subscribe(req: SubscribeReq, onFrame: FrameHandler): () => void {
    if (isPrivateChannel(req.type)) {
      const off = this.priv.add(req.type, req.accountSeqs ?? [1], onFrame);
      this.ensureConnected();
      return () => {
        off();
        if (this.idle()) this.closeWhenIdle();
      };
    }
    const key = keyOf(req);
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { req, handlers: new Set() };
      this.entries.set(key, entry);
      if (this.ws?.readyState === WebSocket.OPEN) this.send([wireReq('subscribe', this.nextId++, req)]);
    }
    entry.handlers.add(onFrame);
    this.ensureConnected();
    return () => {
      const e = this.entries.get(key);
      if (!e) return;
      e.handlers.delete(onFrame);
      if (e.handlers.size === 0) {
        this.entries.delete(key);
        if (this.ws?.readyState === WebSocket.OPEN) this.send([wireReq('unsubscribe', this.nextId++, req)]);
        if (this.idle()) this.closeWhenIdle();
      }
    };
  }

  private idle(): boolean {
    return this.entries.size === 0 && this.priv.empty;
  }

  /** Calls cb now with the current status and on every change; returns an unsubscribe function. */
  onStatus(cb: (s: StreamStatus) => void): () => void {
    this.statusCbs.add(cb);
    cb(this._status);
    return () => this.statusCbs.delete(cb);
  }

  /** The key problem the proxy told on this socket, or null (none, or not known yet). */
  get keyProblem(): KeyProblemNote | null {
    return this._keyProblem;
  }

  /** Calls cb on every change of keyProblem; returns an unsubscribe function. */
  onKeyProblem(cb: () => void): () => void {
    this.keyCbs.add(cb);
    return () => this.keyCbs.delete(cb);
  }

  private setKeyProblem(p: KeyProblemNote | null) {
    if (p === null && this._keyProblem === null) return;
    this._keyProblem = p;
    for (const cb of this.keyCbs) cb();
  }

  /** Drop the socket and reconnect (used after the profile changes, and by tests). */
  reconnect() {
    this.ws?.close();
  }

  /** A socket nobody listens to (e.g. the previous key profile's private stream) is closed after a while. */
  private closeWhenIdle() {
    setTimeout(() => {
      if (!this.idle()) return;
      if (this.timer) {
        clearTimeout(this.timer);
        this.timer = null;
      }
      const ws = this.ws;
      this.ws = null;
      ws?.close();
      this.attempt = 0;
      this.setStatus('closed');
    }, 10_000);
  }

  private setStatus(s: StreamStatus) {
    if (s === this._status) return;
    this._status = s;
    for (const cb of this.statusCbs) cb(s);
  }

  private send(payload: unknown) {
    try {
      this.ws?.send(JSON.stringify(payload));
    } catch {
      /* the close handler reconnects */
    }
  }

  private ensureConnected() {
    if (this.ws || this.timer) return;
    this.connect();
  }

  private connect() {
    this.timer = null;
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${this.path}`;
    this.setStatus(this.attempt === 0 ? 'connecting' : 'interrupted');
    let ws: WebSocket;
    try {
      ws = new WebSocket(url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      // a fresh socket: the proxy tells a key problem that still stands right away
      this.setKeyProblem(null);
      this.setStatus('open');
      const reqs = [...this.entries.values()].map((e) => wireReq('subscribe', this.nextId++, e.req));
      reqs.push(...this.priv.onOpen());
      if (reqs.length) this.send(reqs);
    };
    ws.onmessage = (ev) => this.onMessage(ev.data);
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.priv.onClose();
      this.setStatus('interrupted');
      this.scheduleReconnect();
    };
    ws.onerror = () => {
      /* followed by close */
    };
  }

  private scheduleReconnect() {
    if (this.timer) return;
    if (this.idle()) {
      this.attempt = 0;
      this.setStatus('closed');
      return;
    }
    const base = Math.min(10_000, 300 * 2 ** this.attempt);
    this.attempt++;
    this.timer = setTimeout(() => this.connect(), base * (0.75 + Math.random() * 0.5));
  }

  private onMessage(data: unknown) {
    if (typeof data !== 'string') return;
    let msg: unknown;
    try {
      msg = JSON.parse(data);
    } catch {
      return;
    }
    const frames = Array.isArray(msg) ? msg : [msg];
    for (const f of frames) if (f && typeof f === 'object') this.dispatch(f as Frame);
  }

  private dispatch(f: Frame) {
    if (f.type === 'proxy') {
      if (f.event === 'interrupted') this.setStatus('interrupted');
      else if (f.event === 'resumed') {
        this.setKeyProblem(null);
        this.setStatus('open');
      } else if (f.event === 'keyProblem' && typeof f.code === 'string')
        this.setKeyProblem({
          code: f.code,
          description: String(f.description ?? ''),
          at: Date.now(),
          seen: f.seen === 'rest' ? 'rest' : 'stream',
        });
      else if (f.event === 'keyOk') this.setKeyProblem(null);
      else if (f.event === 'error') this.lastError = String(f.reason ?? 'error');
      return;
    }
    if (typeof f.status === 'string' && !f.type && !f.channelType) {
      if (f.status === 'fail') this.lastError = `${f.code ?? ''} ${f.message ?? ''}`.trim();
      return;
    }
    this.lastFrameAt = Date.now();
    if (typeof f.timestamp === 'number')
      this.latencyMs = Math.max(0, Date.now() + clockOffsetMs - f.timestamp);
    if (typeof f.channelType === 'string' && isPrivateChannel(f.channelType)) {
      this.priv.dispatch(f.channelType, f);
      return;
    }
    const type: unknown = f.type ?? f.channelType;
    for (const e of this.entries.values()) {
      if (e.req.type !== type) continue;
      if (e.req.symbols && typeof f.symbol === 'string' && !e.req.symbols.includes(f.symbol)) continue;
      for (const h of e.handlers) h(f);
    }
  }
}

export const publicStream = new Stream('/ws/public');
/**
 * A public connection of its own for the grouped order book. The public frame is `{type, timestamp,
 * symbol, snapshot, data}` (api-facts): a grouped book's frames need not say their level, so a grouped
 * and an ungrouped book of one pair on one connection could not be told apart (the ladder showed the
 * ungrouped rows under a grouping). On this connection every orderbook frame is the grouped book's.
 */
export const groupedBookStream = new Stream('/ws/public');

const privateStreams = new Map<string, Stream>();
/** The private relay for one key profile (the proxy signs with that profile's key). */
export function privateStream(profileId: string): Stream {
  let s = privateStreams.get(profileId);
  if (!s) {
    s = new Stream(`/ws/private?profile=${encodeURIComponent(profileId)}`);
    privateStreams.set(profileId, s);
  }
  return s;
}

/** React hook: the stream's connection status. */
export function useStreamStatus(stream: Stream | null): StreamStatus {
  return useSyncExternalStore(
    (cb) => (stream ? stream.onStatus(() => cb()) : () => {}),
    () => stream?.status ?? 'closed',
  );
}

/** React hook: the key problem the proxy told on this stream (private streams), or null. */
export function useKeyProblem(stream: Stream | null): KeyProblemNote | null {
  return useSyncExternalStore(
    (cb) => (stream ? stream.onKeyProblem(cb) : () => {}),
    () => stream?.keyProblem ?? null,
  );
}
