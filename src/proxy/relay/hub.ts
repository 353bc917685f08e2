import type WebSocket from 'ws';
import type { Logger } from '../log.js';
import { FrameCache, type PublicFrame } from './frameCache.js';
import { PairList, type PairSource } from './pairList.js';
import { type PrivatePlan, PrivateWireState, privateBody } from './privateUpstream.js';
import { routePrivate, routePublic, type Sub } from './route.js';
import { ack, control, type KeyProblemNote, keyProblemFrame, send } from './send.js';
import {
  type ChannelKey,
  channelKeys,
  parseClientMessage,
  refusal,
  upstreamRequests,
  type WsRequest,
} from './subscriptions.js';
import { UpstreamSocket, type UpstreamSocketEvents, type UpstreamTarget } from './upstreamSocket.js';

/** What the relay hears from a private hub about its key (refusals feed proxy/health). */
export type HubKeyEvents = Pick<UpstreamSocketEvents, 'onRefused' | 'resyncClock'> & {
  /** The upstream connection opened (the key was accepted). */
  onAccepted?(): void;
  /** A hub created while its profile's key stands refused (by the stream) starts parked. */
  startParked?: boolean;
};

export type HubKind = 'public' | 'private';

interface PendingAck {
  client?: WebSocket;
  requestId?: number | string;
  keys: ChannelKey[];
  /** The private channel the request was for. */
  type?: string;
}

/**
 * One upstream connection (per type, and per profile for private) shared by many browser sockets:
 * refcounted subscriptions, request-id mapping for acks, fan-out of frames, and the
 * interrupted/resumed control frames around reconnects.
 */
export class RelayHub {
  private readonly clients = new Set<WebSocket>();
  private readonly subs = new Map<string, Sub>();
  private readonly pending = new Map<number, PendingAck>();
  /** Browser subscribes made while the first connection is being set up: acked once it is. */
  private readonly waiting: { ws: WebSocket; requestId?: number | string }[] = [];
  private readonly cache = new FrameCache();
  private readonly upstream: UpstreamSocket;
  private nextId = 1;
  private interrupted = false;
  private started = false;
  private readonly pairList: PairList | undefined;
  private readonly wire: PrivateWireState;
  /** The key problem told to this hub's browsers (sent to each one that joins). */
  private keyProblem: KeyProblemNote | null = null;

  constructor(
    readonly name: string,
    private readonly kind: HubKind,
    target: () => Promise<UpstreamTarget>,
    private readonly log: Logger,
    private readonly onEmpty: () => void,
    backoff?: { baseMs: number; capMs: number; pingMs?: number },
    pairs?: PairSource,
    private readonly keyEvents: HubKeyEvents = {},
  ) {
    const list = pairs
      ? new PairList(name, pairs.fetch, log, () => this.onPairsChanged(), pairs.everyMs)
      : undefined;
    this.pairList = list;
    this.wire = new PrivateWireState(() => list?.symbols ?? null);
    this.upstream = new UpstreamSocket(
      name,
      // every (re)connect reads the pair list first, so the subscriptions it sends name the current pairs
      list
        ? async () => {
            await list.refreshWithin(pairs?.waitMs);
            return target();
          }
        : target,
      {
        onOpen: () => this.onUpstreamOpen(),
        onMessage: (t) => this.guarded('upstream', () => this.onUpstreamMessage(t)),
        onDown: (reason) => this.onUpstreamDown(reason),
        ...(keyEvents.onRefused ? { onRefused: keyEvents.onRefused.bind(keyEvents) } : {}),
        ...(keyEvents.resyncClock ? { resyncClock: keyEvents.resyncClock.bind(keyEvents) } : {}),
      },
      log,
      backoff,
    );
  }

  get clientCount(): number {
    return this.clients.size;
  }

  /** For tests and diagnostics: drop the upstream connection (it reconnects). */
  killUpstream(): void {
    this.upstream.kill();
  }

  /** Stopped after a definitive handshake refusal (a key problem) until retry(). */
  get isParked(): boolean {
    return this.upstream.isParked;
  }

  /** Handshakes attempted upstream (diagnostics, tests). */
  get attempts(): number {
    return this.upstream.attempts;
  }

  /** Tries the upstream again after a key problem (the key changed, or the user asked). */
  retry(): boolean {
    if (!this.upstream.isParked) return false;
    this.upstream.resume();
    return true;
  }

  /** Tells every browser of this hub the profile's key problem (null: none any more). */
  setKeyProblem(p: KeyProblemNote | null): void {
    if (p === null && this.keyProblem === null) return;
    this.keyProblem = p;
    for (const c of this.clients) keyProblemFrame(c, p);
  }

  addClient(ws: WebSocket): void {
    this.clients.add(ws);
    if (!this.started) {
      this.started = true;
      this.pairList?.start();
      if (this.keyProblem?.seen === 'stream' && this.keyEvents.startParked) {
        // the key was refused before: no attempt until the key changes or a retry is asked
        this.upstream.park();
        this.interrupted = true;
        control(ws, 'interrupted', `the exchange refused the key (${this.keyProblem.code})`);
      } else this.upstream.start();
    } else if (this.interrupted) {
      control(ws, 'interrupted', 'upstream connection is down; reconnecting');
    }
    if (this.keyProblem) keyProblemFrame(ws, this.keyProblem);
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      this.guarded('browser', () => this.onClientMessage(ws, data.toString()));
    });
    ws.on('close', () => this.removeClient(ws));
    ws.on('error', () => ws.terminate());
  }

  private removeClient(ws: WebSocket): void {
    if (!this.clients.delete(ws)) return;
    const gone: ChannelKey[] = [];
    for (const [key, sub] of this.subs) {
      if (sub.clients.delete(ws) && sub.clients.size === 0) {
        this.subs.delete(key);
        this.cache.delete(key);
        gone.push(sub.ck);
      }
    }
    for (const [id, p] of this.pending) if (p.client === ws) this.pending.delete(id);
    for (let i = this.waiting.length - 1; i >= 0; i--)
      if (this.waiting[i]!.ws === ws) this.waiting.splice(i, 1);
    if (this.clients.size === 0) {
      this.close();
      this.onEmpty();
      return;
    }
    this.sendGone(gone);
  }

  /** For tests and diagnostics: read the pair list now (a change resubscribes). */
  refreshPairs(): Promise<void> {
    return this.pairList?.refresh() ?? Promise.resolve();
  }

  private onClientMessage(ws: WebSocket, text: string): void {
    const parsed = parseClientMessage(text, this.kind);
    if (!Array.isArray(parsed)) {
      send(ws, parsed);
      return;
    }
    for (const r of parsed) {
      if (!r.ok) send(ws, refusal(r));
      else if (r.req.method === 'subscribe') this.subscribe(ws, r.req);
      else this.unsubscribe(ws, r.req);
    }
  }

  private subscribe(ws: WebSocket, req: WsRequest): void {
    const fresh: ChannelKey[] = [];
    const joined: ChannelKey[] = [];
    for (const ck of channelKeys(req)) {
      const sub = this.subs.get(ck.key);
      if (!sub) {
        this.subs.set(ck.key, { ck, clients: new Set([ws]) });
        fresh.push(ck);
      } else if (!sub.clients.has(ws)) {
        sub.clients.add(ws);
        joined.push(ck);
      }
    }
    if (!this.upstream.isOpen && !this.interrupted) {
      // first connection still being set up (the private one reads the pair list first)
      this.waiting.push({ ws, requestId: req.requestId });
    } else if (fresh.length === 0 || !this.upstream.isOpen) {
      // nothing new upstream, or it will be subscribed when the upstream reopens
      ack(ws, req.requestId);
    } else if (this.kind === 'private') {
      const plan = this.planPrivate(req.type);
      // accounts already streaming: nothing to ask upstream
      if (!plan) ack(ws, req.requestId);
      // a refusal forgets only what this request added, not accounts already streaming
      else this.sendPrivate(req.type, plan, { client: ws, requestId: req.requestId, keys: fresh });
    } else {
      const reqs = upstreamRequests('subscribe', fresh, () => this.nextId++);
      reqs.forEach((u, i) => {
        // the browser's ack comes from the last upstream ack; earlier ones are answered silently
        this.pending.set(u.requestId, {
          client: ws,
          requestId: i === reqs.length - 1 ? req.requestId : undefined,
          keys: u.keys,
        });
        this.upstream.send([u.body]);
      });
    }
    for (const ck of joined) {
      const snap = this.cache.snapshot(ck.key);
      if (snap) send(ws, snap);
    }
  }

  /**
   * Private channels: one upstream subscription per channel with the union of every browser's accounts
   * (a subscribe may replace the channel's accounts, as the sandbox does, so adding account 2 for one tab
   * must not drop account 1 of another), always with explicit accountSeqs, and every launched pair.
   */
  private planPrivate(type: string): PrivatePlan {
    return this.wire.plan(
      type,
      [...this.subs.values()].map((s) => s.ck),
    );
  }

  private sendPrivate(type: string, plan: NonNullable<PrivatePlan>, pending?: PendingAck): void {
    const requestId = this.nextId++;
    if (plan.method === 'subscribe') this.pending.set(requestId, { keys: [], ...pending, type });
    this.wire.commit(type, plan);
    this.upstream.send([privateBody(plan.method, type, plan.wire, requestId)]);
  }

  /**
   * Brings every private channel in use to what its browsers want. After a reconnect a refusal forgets
   * the channel's subscriptions and tells its browsers; after a new pair list it is only logged (the
   * previous subscription may well still stream).
   */
  private syncPrivate(after: 'open' | 'pairs'): void {
    const keys = [...this.subs.values()].map((s) => s.ck);
    for (const type of new Set(keys.map((k) => k.type))) {
      const plan = this.planPrivate(type);
      const own = after === 'open' ? keys.filter((k) => k.type === type) : [];
      if (plan) this.sendPrivate(type, plan, { keys: own });
    }
  }

  private onPairsChanged(): void {
    if (this.upstream.isOpen) this.syncPrivate('pairs');
  }

  /** Channel keys no browser wants any more. */
  private sendGone(gone: ChannelKey[]): void {
    if (this.kind === 'public') {
      this.sendUpstream('unsubscribe', gone);
      return;
    }
    if (!this.upstream.isOpen) return;
    for (const type of new Set(gone.map((k) => k.type))) {
      const plan = this.planPrivate(type);
      if (plan) this.sendPrivate(type, plan);
    }
  }

  private unsubscribe(ws: WebSocket, req: WsRequest): void {
    const gone: ChannelKey[] = [];
    for (const ck of channelKeys(req)) {
      const sub = this.subs.get(ck.key);
      if (sub?.clients.delete(ws) && sub.clients.size === 0) {
        this.subs.delete(ck.key);
        this.cache.delete(ck.key);
        gone.push(sub.ck);
      }
    }
    this.sendGone(gone);
    ack(ws, req.requestId);
  }

  private sendUpstream(method: 'subscribe' | 'unsubscribe', keys: ChannelKey[]): void {
    if (keys.length === 0 || !this.upstream.isOpen) return;
    for (const u of upstreamRequests(method, keys, () => this.nextId++)) {
      if (method === 'subscribe') this.pending.set(u.requestId, { keys: u.keys });
      this.upstream.send([u.body]);
    }
  }

  private onUpstreamOpen(): void {
    this.keyEvents.onAccepted?.();
    this.cache.clear();
    this.wire.clear();
    if (this.kind === 'private') this.syncPrivate('open');
    else
      this.sendUpstream(
        'subscribe',
        [...this.subs.values()].map((s) => s.ck),
      );
    for (const w of this.waiting.splice(0)) ack(w.ws, w.requestId);
    if (this.interrupted) {
      this.interrupted = false;
      for (const c of this.clients) control(c, 'resumed');
    }
  }

  private onUpstreamDown(reason: string): void {
    // pending browser acks: the subscription is kept and re-sent on reconnect
    for (const p of this.pending.values()) if (p.client) ack(p.client, p.requestId);
    for (const w of this.waiting.splice(0)) ack(w.ws, w.requestId);
    this.pending.clear();
    this.cache.clear();
    this.wire.clear();
    if (!this.interrupted) {
      this.interrupted = true;
      for (const c of this.clients) control(c, 'interrupted', reason);
    }
  }

  /** A frame that trips a bug is dropped and logged; it never escapes into the event loop. */
  private guarded(from: 'browser' | 'upstream', fn: () => void): void {
    try {
      fn();
    } catch (e) {
      this.log.warn(`relay ${this.name}: dropped a ${from} frame (${(e as Error).name})`);
    }
  }

  private onUpstreamMessage(text: string): void {
    let msg: unknown;
    try {
      msg = JSON.parse(text);
    } catch {
      this.log.warn(`relay ${this.name}: upstream sent a frame that is not JSON`);
      return;
    }
    const items = Array.isArray(msg) ? msg : [msg];
    for (const m of items) {
      if (typeof m !== 'object' || m === null) continue;
      const o = m as Record<string, unknown>;
      if (typeof o.status === 'string' && o.type === undefined && o.channelType === undefined) this.onAck(o);
      else if (this.kind === 'public')
        routePublic(this.subs, this.cache, o as PublicFrame, text, items.length === 1);
      else routePrivate(this.subs, o, text, items.length === 1);
    }
  }

  private onAck(o: Record<string, unknown>): void {
    const id = typeof o.requestId === 'number' ? o.requestId : undefined;
    const p = id !== undefined ? this.pending.get(id) : undefined;
    if (!p) {
      if (o.status !== 'success')
        this.log.warn(`relay ${this.name}: upstream answered ${String(o.message ?? o.code)}`);
      return;
    }
    this.pending.delete(id!);
    if (o.status === 'success') {
      if (p.client) ack(p.client, p.requestId);
      return;
    }
    // refused upstream: forget the channels and tell their browsers
    this.log.warn(
      `relay ${this.name}: upstream refused ${p.type ?? 'a subscription'}: ${String(o.code ?? o.message)}`,
    );
    if (p.type) this.wire.forget(p.type);
    for (const ck of p.keys) {
      const sub = this.subs.get(ck.key);
      if (!sub) continue;
      this.subs.delete(ck.key);
      for (const c of sub.clients) {
        if (c === p.client) continue;
        control(c, 'error', `subscription ${ck.key} refused: ${String(o.code ?? o.message ?? 'fail')}`);
      }
    }
    if (p.client) {
      const { requestId: _drop, ...rest } = o;
      send(p.client, { ...rest, ...(p.requestId !== undefined ? { requestId: p.requestId } : {}) });
    }
  }

  close(): void {
    this.pairList?.stop();
    this.upstream.close();
    this.subs.clear();
    this.pending.clear();
    for (const c of this.clients) c.close(1001, 'proxy closing');
    this.clients.clear();
  }
}
