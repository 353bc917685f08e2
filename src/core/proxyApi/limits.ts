// The proxy's rate-limit headroom (GET /api/ratelimits): one entry per bucket it keeps.
import type { LimitClass } from '../permissions.js';

export interface RateLimitEntry {
  profileId: string | null;
  /** null: per user (an endpoint without accountSeq) or public. */
  accountSeq: number | null;
  class: LimitClass;
  limit: number;
  remaining: number;
  resetMs: number;
}
