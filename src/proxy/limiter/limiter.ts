import type { RateLimitEntry } from '../../core/proxyApi/limits.js';
import type { LimitClass } from '../forward/endpoints.js';
import { TokenBucket } from './bucket.js';

/** Spec 8.1 limits per second. */
export const CLASS_LIMITS: Record<LimitClass, number> = {
  public: 50,
  order: 30,
  cancel: 30,
  funding: 5,
  private: 50,
};

export interface BucketKey {
  profileId: string | null; // null for public
  accountSeq: number | null; // null: per user (endpoint without accountSeq) or public
  limitClass: LimitClass;
}

/** Parses `Ratelimit: limit=50, remaining=48, reset=1`. */
export function parseRatelimitHeader(v: string | undefined): {
  limit?: number;
  remaining?: number;
  reset?: number;
} {
  const out: { limit?: number; remaining?: number; reset?: number } = {};
  if (!v) return out;
  for (const part of v.split(/[,;]/)) {
    const m = /^\s*(limit|remaining|reset)\s*=\s*(\d+(?:\.\d+)?)\s*$/.exec(part);
    if (m) out[m[1] as 'limit' | 'remaining' | 'reset'] = Number(m[2]);
  }
  return out;
}

/** Retry-After in ms (seconds or HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(v: string | undefined): number | undefined {
  if (!v) return undefined;
  if (/^\d+(\.\d+)?$/.test(v.trim())) return Math.ceil(Number(v) * 1000);
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : Math.max(0, t - Date.now());
}

/** One token bucket per (profile, account, class); public calls share one bucket (per IP upstream). */
export class RateLimiter {
  private readonly buckets = new Map<string, { key: BucketKey; bucket: TokenBucket }>();
  private readonly watchers = new Set<(key: BucketKey) => void>();

  constructor(private readonly maxQueue = 200) {}

  /**
   * Calls `fn` with the key of every request the forwarder shapes (it asks for the bucket once per
   * request): the ledger sync watches placements and cancels to yield to them and to read fills after.
   */
  watch(fn: (key: BucketKey) => void): () => void {
    this.watchers.add(fn);
    return () => this.watchers.delete(fn);
  }

  /** A bucket's state without counting as a request (absent: never used, so full). */
  peek(key: BucketKey): ReturnType<TokenBucket['state']> | null {
    return (
      this.buckets
        .get(`${key.profileId ?? '-'}|${key.accountSeq ?? '-'}|${key.limitClass}`)
        ?.bucket.state() ?? null
    );
  }

  bucket(key: BucketKey): TokenBucket {
    for (const w of this.watchers) w(key);
    const id = `${key.profileId ?? '-'}|${key.accountSeq ?? '-'}|${key.limitClass}`;
    let entry = this.buckets.get(id);
    if (!entry) {
      entry = { key, bucket: new TokenBucket(CLASS_LIMITS[key.limitClass], 1000, this.maxQueue) };
      this.buckets.set(id, entry);
    }
    return entry.bucket;
  }

  entries(): RateLimitEntry[] {
    return [...this.buckets.values()].map(({ key, bucket }) => {
      const s = bucket.state();
      return {
        profileId: key.profileId,
        accountSeq: key.accountSeq,
        class: key.limitClass,
        limit: s.limit,
        remaining: s.remaining,
        resetMs: s.resetMs,
      };
    });
  }

  close(): void {
    for (const { bucket } of this.buckets.values()) bucket.close();
  }
}
