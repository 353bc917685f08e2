// Pure rule: how fresh is what a panel shows? Every panel feeds it the time its data last changed
// (or its stream last delivered), its stream's state, whether the last refresh failed, and the
// proxy session's health; the answer drives the panel's mark, its dimming and the order ticket.
import type { StreamStatus } from '../ws.js';

export type ProxyHealth = 'ok' | 'unreachable' | 'ended';
export type FreshState = 'loading' | 'live' | 'stale' | 'down';
export type FreshReason = 'session' | 'proxy' | 'key' | 'stream' | 'error' | 'age';

export interface FreshInput {
  /** When the panel's data last arrived (ms), or null before the first data. */
  updatedAt: number | null;
  /** How old the data may get before it counts as stale (ms). */
  budgetMs: number;
  /** The stream the panel depends on, if any. */
  stream?: StreamStatus | null;
  /** The exchange refuses the stream's key (the proxy stopped retrying): shown instead of "reconnecting". */
  keyProblem?: string | null;
  /** The last refresh failed (REST panels). */
  failed?: boolean;
  proxy: ProxyHealth;
  now: number;
}

export interface Freshness {
  state: FreshState;
  /** Since when the data has not been current (the last good update), or null. */
  since: number | null;
  reason: FreshReason | null;
  /** With reason 'key': the exchange's code (KEY_EXPIRED, ...). */
  code?: string;
}

export const LIVE: Freshness = { state: 'live', since: null, reason: null };

export function freshnessOf(i: FreshInput): Freshness {
  const since = i.updatedAt;
  if (i.proxy === 'ended') return { state: 'down', since, reason: 'session' };
  if (i.proxy === 'unreachable') return { state: 'down', since, reason: 'proxy' };
  const streamDown = i.stream === 'interrupted' || (i.stream === 'connecting' && since !== null);
  if (streamDown && i.keyProblem) return { state: 'down', since, reason: 'key', code: i.keyProblem };
  if (streamDown) return { state: 'down', since, reason: 'stream' };
  if (since === null) {
    return i.failed
      ? { state: 'down', since: null, reason: 'error' }
      : { state: 'loading', since, reason: null };
  }
  if (i.failed) return { state: 'stale', since, reason: 'error' };
  if (i.now - since > i.budgetMs) return { state: 'stale', since, reason: 'age' };
  return LIVE;
}

/** True when the panel should be dimmed (its numbers are not current). */
export function isDimmed(f: Freshness): boolean {
  return f.state === 'stale' || f.state === 'down';
}

/** The worst of several (a card built from balances and a stream is only as fresh as the older part). */
export function worstOf(...fs: Freshness[]): Freshness {
  const rank: Record<FreshState, number> = { live: 0, loading: 1, stale: 2, down: 3 };
  let worst = fs[0] ?? LIVE;
  for (const f of fs) {
    if (rank[f.state] > rank[worst.state]) worst = f;
    else if (rank[f.state] === rank[worst.state] && f.since !== null && (worst.since ?? Infinity) > f.since)
      worst = f;
  }
  return worst;
}
