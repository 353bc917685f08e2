import type WebSocket from 'ws';
import type { Logger } from '../log.js';
import { FrameCache, type PublicFrame } from './frameCache.js';
import { ack, control, send, sendRaw } from './send.js';
import {
  type ChannelKey,
  channelKeys,
  parseRequest,
  upstreamRequests,
  type WsRequest,
} from './subscriptions.js';
import { UpstreamSocket, type UpstreamTarget } from './upstreamSocket.js';

export type HubKind = 'public' | 'private';

interface Sub {
  ck: ChannelKey;
  clients: Set<WebSocket>;
}

interface PendingAck {
  client?: WebSocket;
  requestId?: number | string;
  keys: ChannelKey[];
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
  private readonly cache = new FrameCache();
  private readonly upstream: UpstreamSocket;
  private nextId = 1;
  private interrupted = false;
  private started = false;

  constructor(
    readonly name: string,
    private readonly kind: HubKind,
    target: () => Promise<UpstreamTarget>,
    private readonly log: Logger,
    private readonly onEmpty: () => void,
    backoff?: { baseMs: number; capMs: number; pingMs?: number },
  ) {
    this.upstream = new UpstreamSocket(
      name,
      target,
      {
        onOpen: () => this.onUpstreamOpen(),
        onMessage: (t) => this.guarded('upstream', () => this.onUpstreamMessage(t)),
        onDown: (reason) => this.onUpstreamDown(reason),
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

  addClient(ws: WebSocket): void {
    this.clients.add(ws);
    if (!this.started) {
      this.started = true;
      this.upstream.start();
    } else if (this.interrupted) {
      control(ws, 'interrupted', 'upstream connection is down; reconnecting');
    }
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
    if (this.clients.size === 0) {
      this.close();
      this.onEmpty();
      return;
    }
    this.sendUpstream('unsubscribe', gone);
  }

  private onClientMessage(ws: WebSocket, text: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      send(ws, { status: 'fail', message: 'invalid_format' });
      return;
    }
    if (!Array.isArray(parsed)) {
      send(ws, { status: 'fail', message: 'invalid_format' });
      return;
    }
    for (const item of parsed.slice(0, 50)) {
      const r = parseRequest(item, this.kind);
      if (!r.ok) {
        send(ws, {
          status: 'fail',
          code: 'INVALID_REQUEST',
          message: r.message,
          ...(r.requestId !== undefined ? { requestId: r.requestId } : {}),
        });
        continue;
      }
      if (r.req.method === 'subscribe') this.subscribe(ws, r.req);
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
    if (fresh.length === 0 || !this.upstream.isOpen) {
      // nothing new upstream, or it will be subscribed when the upstream (re)opens
      ack(ws, req.requestId);
    } else {
      const freshKeys = new Set(fresh.map((k) => k.key));
      const reqs = upstreamRequests('subscribe', this.withAccountUnion(fresh), () => this.nextId++);
      reqs.forEach((u, i) => {
        // the browser's ack comes from the last upstream ack; earlier ones are answered silently
        this.pending.set(u.requestId, {
          client: ws,
          requestId: i === reqs.length - 1 ? req.requestId : undefined,
          // a refusal forgets only what this request added, not accounts already streaming
          keys: u.keys.filter((k) => freshKeys.has(k.key)),
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
   * A private subscribe names the whole set of accounts for its channel: an exchange may treat a
   * subscribe as replacing the channel's accounts (the sandbox does), so adding account 2 for one
   * tab must not silently drop account 1 of another. Sending the union is right either way.
   */
  private withAccountUnion(fresh: ChannelKey[]): ChannelKey[] {
    if (this.kind !== 'private') return fresh;
    const widened = new Set(fresh.filter((k) => k.accountSeq !== undefined).map((k) => k.type));
    if (widened.size === 0) return fresh;
    const out = fresh.filter((k) => k.accountSeq === undefined);
    for (const sub of this.subs.values()) {
      if (sub.ck.accountSeq !== undefined && widened.has(sub.ck.type)) out.push(sub.ck);
    }
    return out;
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
    this.sendUpstream('unsubscribe', gone);
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
    this.cache.clear();
    const keys = [...this.subs.values()].map((s) => s.ck);
    for (const u of upstreamRequests('subscribe', keys, () => this.nextId++)) {
      this.pending.set(u.requestId, { keys: u.keys });
      this.upstream.send([u.body]);
    }
    if (this.interrupted) {
      this.interrupted = false;
      for (const c of this.clients) control(c, 'resumed');
    }
  }

  private onUpstreamDown(reason: string): void {
    // pending browser acks: the subscription is kept and re-sent on reconnect
    for (const p of this.pending.values()) if (p.client) ack(p.client, p.requestId);
    this.pending.clear();
    this.cache.clear();
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
      else if (this.kind === 'public') this.routePublic(o as PublicFrame, text, items.length === 1);
      else this.routePrivate(o, text, items.length === 1);
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

  private routePublic(f: PublicFrame, raw: string, single: boolean): void {
    if (typeof f.type !== 'string' || typeof f.symbol !== 'string') return;
    const level = f.level === undefined || f.level === null ? undefined : String(f.level);
    const out = single ? raw : JSON.stringify(f);
    const same: [string, Sub][] = [];
    const exact: [string, Sub][] = [];
    for (const entry of this.subs) {
      const ck = entry[1].ck;
      if (ck.type !== f.type || ck.symbol !== f.symbol) continue;
      same.push(entry);
      if (ck.level === level) exact.push(entry);
    }
    // frames name their grouping level; an upstream that does not echo it feeds every level
    const targets = exact.length > 0 || level !== undefined ? exact : same;
    for (const [key, sub] of targets) {
      this.cache.update(key, f);
      for (const c of sub.clients) sendRaw(c, out);
    }
  }

  private routePrivate(o: Record<string, unknown>, raw: string, single: boolean): void {
    const type = o.channelType;
    if (typeof type !== 'string') return;
    // the payload named by the channel (live frames also carry the pair at the top level: `symbol`)
    const field = type === 'myOrder' ? 'order' : type === 'myTrade' ? 'trade' : 'asset';
    const payload = o[field] as { accountSeq?: unknown } | null | undefined;
    const seq = typeof payload?.accountSeq === 'number' ? payload.accountSeq : undefined;
    const sub = this.subs.get(`${type}|${seq ?? ''}`);
    if (!sub) return;
    const out = single ? raw : JSON.stringify(o);
    for (const c of sub.clients) sendRaw(c, out);
  }

  close(): void {
    this.upstream.close();
    this.subs.clear();
    this.pending.clear();
    for (const c of this.clients) c.close(1001, 'proxy closing');
    this.clients.clear();
  }
}
