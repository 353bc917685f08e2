import type WebSocket from 'ws';
import type { Logger } from '../log.js';
import { type PendingAck, settleAck } from './acks.js';
import type { PublicFrame } from './frameCache.js';
import { PairList, type PairSource } from './pairList.js';
import { PrivateChannelSync } from './privateSync.js';
import { PrivateWireState } from './privateUpstream.js';
import { routePrivate, routePublic } from './route.js';
import { ack, control, type KeyProblemNote, keyProblemFrame, send } from './send.js';
import {
  type ChannelKey,
  channelKeys,
  parseClientMessage,
  refusal,
  upstreamRequests,
  type WsRequest,
} from './subscriptions.js';
import { SubscriptionTable } from './subscriptionTable.js';
import { type HubKeyEvents, type HubKind, UpstreamSocket, type UpstreamTarget } from './upstreamSocket.js';

/**
 * One upstream connection (per type, and per profile for private) shared by many browser sockets:
 * refcounted subscriptions, request-id mapping for acks, fan-out of frames, and the
 * interrupted/resumed control frames around reconnects.
 */
export class RelayHub {
  private readonly clients = new Set<WebSocket>();
  private readonly table = new SubscriptionTable();
  private readonly pending = new Map<number, PendingAck>();
  /** Browser subscribes made while the first connection is being set up: acked once it is. */
  private readonly waiting: { ws: WebSocket; requestId?: number | string }[] = [];
  private readonly upstream: UpstreamSocket;
  private nextId = 1;
  private interrupted = false;
  private started = false;
  private readonly pairList: PairList | undefined;
  private readonly wire: PrivateWireState;
  private readonly priv: PrivateChannelSync;
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
    this.priv = new PrivateChannelSync(
      this.wire,
      this.table,
      this.pending,
      () => this.nextId++,
      (body) => this.upstream.send([body]),
    );
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
    const gone = this.table.remove(ws);
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
    const { fresh, joined } = this.table.add(ws, req);
    if (!this.upstream.isOpen && !this.interrupted) {
      // first connection still being set up (the private one reads the pair list first)
      this.waiting.push({ ws, requestId: req.requestId });
    } else if (fresh.length === 0 || !this.upstream.isOpen) {
      // nothing new upstream, or it will be subscribed when the upstream reopens
      ack(ws, req.requestId);
    } else if (this.kind === 'private') {
      const plan = this.priv.plan(req.type);
      // accounts already streaming: nothing to ask upstream
      if (!plan) ack(ws, req.requestId);
      // a refusal forgets only what this request added, not accounts already streaming
      else this.priv.send(req.type, plan, { client: ws, requestId: req.requestId, keys: fresh });
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
      const snap = this.table.cache.snapshot(ck.key);
      if (snap) send(ws, snap);
    }
  }

  private onPairsChanged(): void {
    if (this.upstream.isOpen) this.priv.sync('pairs');
  }

  /** Channel keys no browser wants any more. */
  private sendGone(gone: ChannelKey[]): void {
    if (this.kind === 'public') this.sendUpstream('unsubscribe', gone);
    else if (this.upstream.isOpen) this.priv.gone(gone);
  }

  private unsubscribe(ws: WebSocket, req: WsRequest): void {
    this.sendGone(this.table.remove(ws, channelKeys(req)));
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
    this.table.cache.clear();
    this.wire.clear();
    if (this.kind === 'private') this.priv.sync('open');
    else this.sendUpstream('subscribe', this.table.keys());
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
    this.table.cache.clear();
    this.wire.clear();
    if (!this.interrupted) {
      this.interrupted = true;
      for (const c of this.clients) control(c, 'interrupted', reason);
    }
  }

  private readonly warn = (line: string): void => this.log.warn(`relay ${this.name}: ${line}`);

  /** A frame that trips a bug is dropped and logged; it never escapes into the event loop. */
  private guarded(from: 'browser' | 'upstream', fn: () => void): void {
    try {
      fn();
    } catch (e) {
      this.warn(`dropped a ${from} frame (${(e as Error).name})`);
    }
  }

  private onUpstreamMessage(text: string): void {
    let msg: unknown;
    try {
      msg = JSON.parse(text);
    } catch {
      this.warn('upstream sent a frame that is not JSON');
      return;
    }
    const items = Array.isArray(msg) ? msg : [msg];
    for (const m of items) {
      if (typeof m !== 'object' || m === null) continue;
      const o = m as Record<string, unknown>;
      if (typeof o.status === 'string' && o.type === undefined && o.channelType === undefined)
        settleAck(o, this.pending, this.table, this.wire, this.warn);
      else if (this.kind === 'public')
        routePublic(this.table.subs, this.table.cache, o as PublicFrame, text, items.length === 1);
      else {
        routePrivate(this.table.subs, o, text, items.length === 1);
        this.keyEvents.onFrame?.(o);
      }
    }
  }

  close(): void {
    this.pairList?.stop();
    this.upstream.close();
    this.table.clear();
    this.pending.clear();
    for (const c of this.clients) c.close(1001, 'proxy closing');
    this.clients.clear();
  }
}
