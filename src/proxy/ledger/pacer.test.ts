import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../limiter/limiter.js';
import { LedgerPacer } from './pacer.js';

/** A pacer on a fake clock: every sleep moves the clock, nothing waits for real. */
function setup(readsPerSec = 5) {
  let now = 1_000_000;
  const limiter = new RateLimiter();
  const pacer = new LedgerPacer(limiter, {
    readsPerSec,
    now: () => now,
    sleep: async (ms) => {
      now += ms;
    },
  });
  return { limiter, pacer, clock: () => now, advance: (ms: number) => (now += ms) };
}

describe('LedgerPacer', () => {
  it('keeps to its own rate per account', async () => {
    const { pacer, clock } = setup(5);
    const t0 = clock();
    for (let i = 0; i < 6; i++) await pacer.turn('p', 1);
    expect(clock() - t0).toBe(1000); // 5 a second: the sixth read a second after the first
    const t1 = clock();
    await pacer.turn('p', 2); // another account has its own budget
    expect(clock()).toBe(t1);
  });

  it('waits while a placement or cancel of that account went out within a second, and says so', async () => {
    const { limiter, pacer, clock } = setup();
    const seen: string[] = [];
    pacer.onOrder((p, seq) => seen.push(`${p}:${seq}`));
    limiter.bucket({ profileId: 'p', accountSeq: 1, limitClass: 'order' });
    expect(seen).toEqual(['p:1']);
    const t0 = clock();
    await pacer.turn('p', 1);
    expect(clock() - t0).toBeGreaterThanOrEqual(1000);
    expect(pacer.yielded).toBeGreaterThan(0);
  });

  it('waits while the private bucket has less than half left; a bucket that never refills holds it 30 s at most', async () => {
    const { limiter, pacer, clock } = setup();
    const b = limiter.bucket({ profileId: 'p', accountSeq: 1, limitClass: 'private' });
    for (let i = 0; i < 40; i++) await b.acquire(); // 10 of 50 left (the bucket's own clock is real: no refill here)
    const t0 = clock();
    await pacer.turn('p', 1);
    expect(pacer.yielded).toBeGreaterThan(0);
    expect(clock() - t0).toBeGreaterThanOrEqual(30_000);
    const t1 = clock();
    await pacer.turn('p', 2); // the other account's bucket is full: no wait
    expect(clock()).toBe(t1);
    limiter.close();
  });

  it('private reads of the browser do not count as order traffic', async () => {
    const { limiter, pacer } = setup();
    const seen: string[] = [];
    pacer.onOrder((p, seq) => seen.push(`${p}:${seq}`));
    limiter.bucket({ profileId: 'p', accountSeq: 1, limitClass: 'private' });
    limiter.bucket({ profileId: null, accountSeq: null, limitClass: 'public' });
    expect(seen).toEqual([]);
  });
});
