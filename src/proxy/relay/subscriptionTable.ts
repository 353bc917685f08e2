// Which browser sockets want which channel keys on one hub, and the public snapshot cache kept per key:
// a key lives while at least one socket wants it; the keys no socket wants any more are handed back so
// the hub can unsubscribe them upstream.
import type WebSocket from 'ws';
import { FrameCache } from './frameCache.js';
import type { Sub } from './route.js';
import { type ChannelKey, channelKeys, type WsRequest } from './subscriptions.js';

export class SubscriptionTable {
  readonly subs = new Map<string, Sub>();
  readonly cache = new FrameCache();

  /** Adds a socket's request: `fresh` keys nobody had, `joined` keys it joins (snapshots are due to it). */
  add(ws: WebSocket, req: WsRequest): { fresh: ChannelKey[]; joined: ChannelKey[] } {
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
    return { fresh, joined };
  }

  /** Takes a socket off the given keys (all of its keys when none are given); returns the keys left unwanted. */
  remove(ws: WebSocket, keys?: Iterable<ChannelKey>): ChannelKey[] {
    const gone: ChannelKey[] = [];
    const drop = (key: string, sub: Sub | undefined) => {
      if (sub?.clients.delete(ws) && sub.clients.size === 0) {
        this.subs.delete(key);
        this.cache.delete(key);
        gone.push(sub.ck);
      }
    };
    if (keys) for (const ck of keys) drop(ck.key, this.subs.get(ck.key));
    else for (const [key, sub] of this.subs) drop(key, sub);
    return gone;
  }

  /** Every key some socket wants. */
  keys(): ChannelKey[] {
    return [...this.subs.values()].map((s) => s.ck);
  }

  /** Forgets a key whatever its sockets (an upstream refusal); returns the sockets that wanted it. */
  forget(key: string): Set<WebSocket> | undefined {
    const sub = this.subs.get(key);
    if (!sub) return undefined;
    this.subs.delete(key);
    return sub.clients;
  }

  clear(): void {
    this.subs.clear();
    this.cache.clear();
  }
}
