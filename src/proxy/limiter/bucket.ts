import { ProxyError } from '../errors.js';

interface Waiter {
  resolve: () => void;
  reject: (e: unknown) => void;
}

/**
 * Token bucket of `limit` tokens refilled over `windowMs`, with a FIFO queue of bounded length.
 * Upstream headers correct it (`observe`), and a 429's Retry-After blocks it (`block`).
 */
export class TokenBucket {
  private tokens: number;
  private last = Date.now();
  private blockedUntil = 0;
  private readonly queue: Waiter[] = [];
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    public limit: number,
    private readonly windowMs = 1000,
    private readonly maxQueue = 200,
  ) {
    this.tokens = limit;
  }

  private refill(now: number): void {
    const elapsed = now - this.last;
    if (elapsed > 0) {
      this.tokens = Math.min(this.limit, this.tokens + (elapsed * this.limit) / this.windowMs);
      this.last = now;
    }
  }

  /** Takes a token at once when one is free and nobody queues; false otherwise (then `acquire`). */
  tryTake(): boolean {
    if (this.closed || this.queue.length > 0) return false;
    const now = Date.now();
    this.refill(now);
    if (now < this.blockedUntil || this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  acquire(): Promise<void> {
    if (this.closed) return Promise.reject(new ProxyError(503, 'QUEUE_FULL', 'proxy is shutting down'));
    const now = Date.now();
    this.refill(now);
    if (this.queue.length === 0 && now >= this.blockedUntil && this.tokens >= 1) {
      this.tokens -= 1;
      return Promise.resolve();
    }
    if (this.queue.length >= this.maxQueue) {
      return Promise.reject(
        new ProxyError(
          429,
          'QUEUE_FULL',
          `more than ${this.maxQueue} requests are waiting for this rate limit`,
        ),
      );
    }
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.timer || this.queue.length === 0) return;
    const now = Date.now();
    this.refill(now);
    const waitBlock = Math.max(0, this.blockedUntil - now);
    const waitToken = this.tokens >= 1 ? 0 : ((1 - this.tokens) * this.windowMs) / this.limit;
    const wait = Math.max(waitBlock, Math.ceil(waitToken));
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.drain();
    }, wait);
  }

  private drain(): void {
    const now = Date.now();
    this.refill(now);
    while (this.queue.length > 0 && now >= this.blockedUntil && this.tokens >= 1) {
      this.tokens -= 1;
      this.queue.shift()!.resolve();
    }
    this.schedule();
  }

  /** Corrects the local view with the upstream's `Ratelimit` header. */
  observe(limit: number | undefined, remaining: number | undefined, resetSec: number | undefined): void {
    const now = Date.now();
    this.refill(now);
    if (limit !== undefined && limit > 0) this.limit = limit;
    if (remaining !== undefined) {
      this.tokens = Math.min(this.tokens, remaining);
      if (remaining <= 0 && resetSec !== undefined) {
        this.blockedUntil = Math.max(this.blockedUntil, now + resetSec * 1000);
      }
    }
  }

  /** A 429's Retry-After wins over the local estimate. */
  block(ms: number): void {
    const now = Date.now();
    this.refill(now);
    this.tokens = 0;
    this.blockedUntil = Math.max(this.blockedUntil, now + ms);
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    this.schedule();
  }

  /** How long until a request sent now would get a token: the block, then the queue ahead of it. */
  retryAfterMs(): number {
    const now = Date.now();
    this.refill(now);
    const blocked = Math.max(0, this.blockedUntil - now);
    const ahead = this.queue.length + 1 - this.tokens;
    return Math.ceil(blocked + Math.max(0, (ahead * this.windowMs) / this.limit));
  }

  state(): { limit: number; remaining: number; resetMs: number; queued: number } {
    const now = Date.now();
    this.refill(now);
    const blocked = Math.max(0, this.blockedUntil - now);
    const toFull = ((this.limit - this.tokens) * this.windowMs) / this.limit;
    return {
      limit: this.limit,
      remaining: blocked > 0 ? 0 : Math.floor(this.tokens),
      resetMs: Math.ceil(Math.max(blocked, toFull)),
      queued: this.queue.length,
    };
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    for (const w of this.queue.splice(0))
      w.reject(new ProxyError(503, 'QUEUE_FULL', 'proxy is shutting down'));
  }
}
