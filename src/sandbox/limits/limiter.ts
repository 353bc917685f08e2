/**
 * Fixed-window rate limiter (1 s windows, spec 8.1). Public calls count per IP; private calls per
 * user + accountSeq + class (per user for endpoints without accountSeq).
 */
export interface LimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the window resets (>= 1). */
  resetSec: number;
  windowSec: number;
}

interface Window {
  start: number;
  count: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private sweepAt = 0;

  constructor(
    private readonly windowMs = 1000,
    private readonly scale = 1,
  ) {}

  take(key: string, baseLimit: number, now: number): LimitDecision {
    const limit = Math.max(1, Math.round(baseLimit * this.scale));
    if (now >= this.sweepAt) this.sweep(now);
    let w = this.windows.get(key);
    if (!w || now >= w.start + this.windowMs || now < w.start) {
      w = { start: now - (now % this.windowMs), count: 0 };
      this.windows.set(key, w);
    }
    const resetSec = Math.max(1, Math.ceil((w.start + this.windowMs - now) / 1000));
    const windowSec = Math.max(1, Math.round(this.windowMs / 1000));
    if (w.count >= limit) return { allowed: false, limit, remaining: 0, resetSec, windowSec };
    w.count++;
    return { allowed: true, limit, remaining: limit - w.count, resetSec, windowSec };
  }

  private sweep(now: number): void {
    for (const [k, w] of this.windows) if (now >= w.start + this.windowMs) this.windows.delete(k);
    this.sweepAt = now + 10 * this.windowMs;
  }
}

export function limitHeaders(d: LimitDecision): Record<string, string> {
  const h: Record<string, string> = {
    Ratelimit: `limit=${d.limit}, remaining=${d.remaining}, reset=${d.resetSec}`,
    'Ratelimit-Policy': `${d.limit};w=${d.windowSec}`,
  };
  if (!d.allowed) h['Retry-After'] = String(d.resetSec);
  return h;
}
