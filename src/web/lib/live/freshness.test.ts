import { describe, expect, it } from 'vitest';
import { type FreshInput, freshnessOf, isDimmed, worstOf } from './freshness.js';
import { healthOf } from './health.js';
import { LIVE_POLL_MS, listPoll, PENDING_POLL_MS } from './policy.js';
import { orderBlockReason } from './useOrderBlock.js';

const base: FreshInput = { updatedAt: 10_000, budgetMs: 5_000, proxy: 'ok', now: 12_000 };

describe('freshnessOf', () => {
  it('is live inside the budget and stale past it, since the last update', () => {
    expect(freshnessOf(base).state).toBe('live');
    const old = freshnessOf({ ...base, now: 15_001 });
    expect(old).toEqual({ state: 'stale', since: 10_000, reason: 'age' });
    expect(isDimmed(old)).toBe(true);
  });

  it('a failed refresh makes data stale at once; no data and a failure is down', () => {
    expect(freshnessOf({ ...base, failed: true })).toEqual({
      state: 'stale',
      since: 10_000,
      reason: 'error',
    });
    expect(freshnessOf({ ...base, updatedAt: null, failed: true }).state).toBe('down');
    expect(freshnessOf({ ...base, updatedAt: null }).state).toBe('loading');
  });

  it('a dropped stream is down (reconnecting) even with young data; first connect is loading', () => {
    expect(freshnessOf({ ...base, stream: 'interrupted' })).toEqual({
      state: 'down',
      since: 10_000,
      reason: 'stream',
    });
    expect(freshnessOf({ ...base, stream: 'connecting' }).reason).toBe('stream');
    expect(freshnessOf({ ...base, updatedAt: null, stream: 'connecting' }).state).toBe('loading');
    expect(freshnessOf({ ...base, stream: 'open' }).state).toBe('live');
  });

  it('the proxy session outranks everything', () => {
    expect(freshnessOf({ ...base, proxy: 'ended', stream: 'interrupted' }).reason).toBe('session');
    expect(freshnessOf({ ...base, proxy: 'unreachable' }).reason).toBe('proxy');
  });

  it('worstOf picks the most severe, then the oldest', () => {
    const live = freshnessOf(base);
    const staleA = freshnessOf({ ...base, now: 20_000 });
    const staleB = freshnessOf({ ...base, updatedAt: 9_000, now: 20_000 });
    const down = freshnessOf({ ...base, stream: 'interrupted' });
    expect(worstOf(live, staleA).state).toBe('stale');
    expect(worstOf(staleA, staleB).since).toBe(9_000);
    expect(worstOf(staleB, down, live).state).toBe('down');
  });
});

describe('healthOf', () => {
  it('no answer is unreachable; a refused session cookie is ended; anything else ok', () => {
    expect(healthOf(0, null)).toBe('unreachable');
    expect(healthOf(401, 'UNAUTHORIZED_SESSION')).toBe('ended');
    expect(healthOf(401, 'UNAUTHORIZED')).toBe('ok');
    expect(healthOf(502, 'UPSTREAM_UNREACHABLE')).toBe('ok');
    expect(healthOf(200, null)).toBe('ok');
  });
});

describe('orderBlockReason', () => {
  it('names the first cause: session, proxy, market stream, private stream; null when all is up', () => {
    expect(orderBlockReason('ended', 'interrupted', 'interrupted')).toBe('live.block.session');
    expect(orderBlockReason('unreachable', 'open', 'open')).toBe('live.block.proxy');
    expect(orderBlockReason('ok', 'interrupted', 'open')).toBe('live.block.public');
    expect(orderBlockReason('ok', 'open', 'interrupted')).toBe('live.block.private');
    expect(orderBlockReason('ok', 'open', 'closed')).toBeNull();
    expect(orderBlockReason('ok', 'connecting', 'open')).toBeNull();
  });
});

describe('listPoll', () => {
  it('polls fast while a record is still moving, at the live pace otherwise', () => {
    expect(listPoll({ state: { data: [{ status: 'pending' }, { status: 'done' }] } })).toBe(PENDING_POLL_MS);
    expect(listPoll({ state: { data: [{ status: 'done' }, { status: 'canceled' }] } })).toBe(LIVE_POLL_MS);
    expect(listPoll({ state: { data: undefined } })).toBe(LIVE_POLL_MS);
  });
});
