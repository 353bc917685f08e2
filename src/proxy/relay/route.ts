// Fan-out of upstream data frames to the browser sockets subscribed to them.
import type WebSocket from 'ws';
import type { FrameCache, PublicFrame } from './frameCache.js';
import { MAIN_ACCOUNT, privateFrameAccount } from './privateUpstream.js';
import { sendRaw } from './send.js';
import type { ChannelKey } from './subscriptions.js';

export interface Sub {
  ck: ChannelKey;
  clients: Set<WebSocket>;
}

/** A public frame goes to the subscribers of its (type, symbol, level), and into the snapshot cache. */
export function routePublic(
  subs: Map<string, Sub>,
  cache: FrameCache,
  f: PublicFrame,
  raw: string,
  single: boolean,
): void {
  if (typeof f.type !== 'string' || typeof f.symbol !== 'string') return;
  const level = f.level === undefined || f.level === null ? undefined : String(f.level);
  const out = single ? raw : JSON.stringify(f);
  const same: [string, Sub][] = [];
  const exact: [string, Sub][] = [];
  for (const entry of subs) {
    const ck = entry[1].ck;
    if (ck.type !== f.type || ck.symbol !== f.symbol) continue;
    same.push(entry);
    if (ck.level === level) exact.push(entry);
  }
  // frames name their grouping level; an upstream that does not echo it feeds every level
  const targets = exact.length > 0 || level !== undefined ? exact : same;
  for (const [key, sub] of targets) {
    cache.update(key, f);
    for (const c of sub.clients) sendRaw(c, out);
  }
}

/**
 * A private frame goes to the subscribers of its account. A frame without accountSeq is the main
 * account's (korbit-cli internal/stream/events.go), which is also what a browser subscription without
 * accountSeqs asked for.
 */
export function routePrivate(
  subs: Map<string, Sub>,
  o: Record<string, unknown>,
  raw: string,
  single: boolean,
): void {
  const type = o.channelType;
  if (typeof type !== 'string') return;
  const account = privateFrameAccount(o);
  const targets = new Set<WebSocket>(subs.get(`${type}|${account}`)?.clients);
  if (account === MAIN_ACCOUNT) for (const c of subs.get(`${type}|`)?.clients ?? []) targets.add(c);
  if (targets.size === 0) return;
  const out = single ? raw : JSON.stringify(o);
  for (const c of targets) sendRaw(c, out);
}
