import { describe, expect, it } from 'vitest';
import { ProxyError } from '../errors.js';
import { TokenBucket } from './bucket.js';
import { parseRatelimitHeader, parseRetryAfter, RateLimiter } from './limiter.js';

describe('token bucket', () => {
  it('tryTake takes a free token at once and refuses when empty or blocked', async () => {
    const b = new TokenBucket(2, 1000);
    expect(b.tryTake()).toBe(true);
    expect(b.tryTake()).toBe(true);
    expect(b.tryTake()).toBe(false); // empty
    const queued = b.acquire(); // waits for a refill
    const refilled = new TokenBucket(1, 10);
    refilled.tryTake();
    await new Promise((r) => setTimeout(r, 30));
    expect(refilled.tryTake()).toBe(true); // refilled meanwhile
    const blocked = new TokenBucket(5, 1000);
    blocked.block(1000);
    expect(blocked.tryTake()).toBe(false);
    b.close();
    await queued.catch(() => {});
    blocked.close();
  });

  it('lets `limit` through at once, then queues the rest in order', async () => {
    const b = new TokenBucket(5, 200, 50);
    const order: number[] = [];
    const t0 = Date.now();
    await Promise.all(Array.from({ length: 8 }, (_, i) => b.acquire().then(() => order.push(i))));
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // three extra tokens at 5 per 200 ms take about 120 ms
    expect(Date.now() - t0).toBeGreaterThanOrEqual(90);
  });

  it('answers QUEUE_FULL beyond the bounded queue', async () => {
    const b = new TokenBucket(1, 1000, 2);
    await b.acquire();
    const waiting = [b.acquire(), b.acquire()];
    await expect(b.acquire()).rejects.toMatchObject({ code: 'QUEUE_FULL', status: 429 });
    b.close();
    await expect(Promise.all(waiting)).rejects.toBeInstanceOf(ProxyError);
  });

  it('Retry-After blocks the bucket', async () => {
    const b = new TokenBucket(50, 1000);
    b.block(150);
    expect(b.state().remaining).toBe(0);
    const t0 = Date.now();
    await b.acquire();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
  });

  it('upstream Ratelimit headers correct the local count', () => {
    const b = new TokenBucket(50, 1000);
    b.observe(30, 3, 1);
    const s = b.state();
    expect(s.limit).toBe(30);
    expect(s.remaining).toBe(3);
    b.observe(undefined, 0, 1);
    expect(b.state().remaining).toBe(0);
    expect(b.state().resetMs).toBeGreaterThan(900);
  });
});

describe('limiter', () => {
  it('keeps one bucket per profile, account and class with spec 8.1 limits', () => {
    const l = new RateLimiter();
    l.bucket({ profileId: 'a', accountSeq: 1, limitClass: 'order' });
    l.bucket({ profileId: 'a', accountSeq: 2, limitClass: 'order' });
    l.bucket({ profileId: 'a', accountSeq: 1, limitClass: 'funding' });
    l.bucket({ profileId: null, accountSeq: null, limitClass: 'public' });
    l.bucket({ profileId: 'a', accountSeq: 1, limitClass: 'order' });
    const e = l.entries();
    expect(e).toHaveLength(4);
    expect(e.find((x) => x.class === 'funding')?.limit).toBe(5);
    expect(e.find((x) => x.class === 'public')?.limit).toBe(50);
    expect(e.filter((x) => x.class === 'order').every((x) => x.limit === 30)).toBe(true);
  });

  it('parses the headers', () => {
    expect(parseRatelimitHeader('limit=50, remaining=48, reset=1')).toEqual({
      limit: 50,
      remaining: 48,
      reset: 1,
    });
    expect(parseRatelimitHeader(undefined)).toEqual({});
    expect(parseRatelimitHeader('garbage')).toEqual({});
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter(undefined)).toBeUndefined();
    expect(parseRetryAfter('nonsense')).toBeUndefined();
  });
});
