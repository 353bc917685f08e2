import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff.js';

describe('reconnect backoff', () => {
  it('doubles from the base up to the cap, jittered within [d/2, d]', () => {
    expect(backoffDelay(0, 500, 30_000, () => 0)).toBe(250);
    expect(backoffDelay(0, 500, 30_000, () => 1)).toBe(500);
    expect(backoffDelay(3, 500, 30_000, () => 1)).toBe(4000);
    expect(backoffDelay(3, 500, 30_000, () => 0)).toBe(2000);
    expect(backoffDelay(10, 500, 30_000, () => 1)).toBe(30_000);
    expect(backoffDelay(1000, 500, 30_000, () => 0.5)).toBe(22_500);
    const draws = new Set(Array.from({ length: 50 }, () => backoffDelay(4)));
    expect(draws.size).toBeGreaterThan(10); // jitter: reconnecting clients spread out
    for (const d of draws) expect(d >= 4000 && d <= 8000).toBe(true);
  });
});
