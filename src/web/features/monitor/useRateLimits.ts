// Rate-limit headroom per key profile and account, from the proxy (GET /api/ratelimits).
// The proxy has no stream for this; it is a local call, refreshed every 2 s while the monitor is open.
import { useQuery } from '@tanstack/react-query';
import type { RateLimitEntry } from '../../../core/proxyApi/limits.js';
import { proxyGet } from '../../lib/api.js';
import { qk } from '../../lib/queryKeys.js';

export type { RateLimitEntry };

export function useRateLimits() {
  return useQuery({
    queryKey: qk.ratelimits(),
    queryFn: () => proxyGet<{ entries: RateLimitEntry[] }>('/ratelimits'),
    refetchInterval: 2000,
  });
}

/** Entries of one account (and the per-user ones, accountSeq null), tightest first. */
export function headroomFor(entries: readonly RateLimitEntry[], profileId: string, accountSeq: number) {
  return entries
    .filter((e) => e.profileId === profileId && (e.accountSeq === accountSeq || e.accountSeq === null))
    .sort((a, b) => a.remaining / a.limit - b.remaining / b.limit);
}
