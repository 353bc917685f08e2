import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.js';
import {
  classifyFailure,
  isPreExecution,
  MAX_BACKOFF_MS,
  maxRetryIterations,
  type RetryDecision,
  RetryGovernor,
  retryAfterMs,
} from './retry.js';

const api = (status: number, code: string) => new ApiError({ status, code });

describe('classifyFailure', () => {
  it('treats transport failures, 5xx and TRY_AGAIN as transient', () => {
    expect(classifyFailure(new TypeError('fetch failed'))).toBe('transient');
    expect(classifyFailure(undefined)).toBe('transient');
    expect(classifyFailure(api(0, 'NETWORK_ERROR'))).toBe('transient');
    expect(classifyFailure(api(0, 'TIMEOUT'))).toBe('transient');
    expect(classifyFailure(api(502, 'UPSTREAM_UNREACHABLE'))).toBe('transient');
    expect(classifyFailure(api(504, 'UPSTREAM_TIMEOUT'))).toBe('transient');
    expect(classifyFailure(api(503, 'SERVICE_UNAVAILABLE'))).toBe('transient');
    expect(classifyFailure(api(500, 'INTERNAL_ERROR'))).toBe('transient');
    expect(classifyFailure(api(400, 'TRY_AGAIN'))).toBe('transient');
  });
  it('separates the pre-execution refusals from the final ones', () => {
    expect(classifyFailure(api(400, 'EXCEED_TIME_WINDOW'))).toBe('timeWindow');
    expect(classifyFailure(api(429, 'TOO_MANY_REQUESTS'))).toBe('rateLimited');
    expect(classifyFailure(api(429, 'QUEUE_FULL'))).toBe('rateLimited');
    expect(isPreExecution('timeWindow')).toBe(true);
    expect(isPreExecution('rateLimited')).toBe(true);
    expect(isPreExecution('transient')).toBe(false);
    for (const [s, c] of [
      [400, 'ORDER_NOT_FOUND'],
      [401, 'KEY_EXPIRED'],
      [403, 'PERMISSION_DENIED'],
      [400, 'BAD_REQUEST'],
      [404, 'NOT_FOUND'],
    ] as const) {
      expect(classifyFailure(api(s, c))).toBe('fatal');
    }
  });
  it('reads any error carrying a code and a status (the proxy’s own errors)', () => {
    expect(classifyFailure({ status: 400, code: 'BAD_REQUEST' })).toBe('fatal');
    expect(classifyFailure({ status: 503, code: 'SOMETHING_NEW' })).toBe('transient');
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs(undefined)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:03 GMT', now)).toBe(3000);
  });
});

function drain(g: RetryGovernor, cls: Parameters<RetryGovernor['next']>[0]): RetryDecision[] {
  const out: RetryDecision[] = [];
  while (g.attempt()) {
    const d = g.next(cls);
    out.push(d);
    if (d.action === 'giveUp') break;
  }
  return out;
}

describe('RetryGovernor', () => {
  it('backs off 100 ms doubling to 2000 ms within the sleep budget, then gives up', () => {
    const g = new RetryGovernor({ idempotent: true, budgetMs: 6000 });
    const ds = drain(g, 'transient');
    const waits = ds.flatMap((d) => (d.action === 'wait' ? [d.waitMs] : []));
    expect(waits).toEqual([100, 200, 400, 800, 1600, 2000]);
    expect(ds.at(-1)?.action).toBe('giveUp');
    expect(g.sleptTotalMs).toBe(5100);
    expect(Math.max(...waits)).toBeLessThanOrEqual(MAX_BACKOFF_MS);
  });
  it('never resends a non-idempotent request after an ambiguous failure', () => {
    const g = new RetryGovernor({ idempotent: false, budgetMs: 5000 });
    expect(g.attempt()).toBe(true);
    expect(g.next('transient').action).toBe('giveUp');
  });
  it('resends a non-idempotent request after a pre-execution refusal', () => {
    const g = new RetryGovernor({ idempotent: false, canResync: true, budgetMs: 5000 });
    expect(g.next('rateLimited', 1500)).toEqual(expect.objectContaining({ action: 'wait', waitMs: 1500 }));
    expect(g.next('timeWindow').action).toBe('resync');
  });
  it('resyncs the clock once, only with a resync hook', () => {
    const g = new RetryGovernor({ idempotent: true, canResync: true, budgetMs: 1000 });
    expect(g.next('timeWindow').action).toBe('resync');
    expect(g.next('timeWindow').action).toBe('giveUp');
    expect(g.sleptTotalMs).toBe(0);
    const noHook = new RetryGovernor({ idempotent: true, budgetMs: 1000 });
    expect(noHook.next('timeWindow').action).toBe('giveUp');
  });
  it('honours Retry-After on a 429 and refuses a wait past the budget', () => {
    const g = new RetryGovernor({ idempotent: true, budgetMs: 1000 });
    expect(g.next('rateLimited', 800)).toEqual(expect.objectContaining({ action: 'wait', waitMs: 800 }));
    expect(g.next('rateLimited', 800).action).toBe('giveUp');
  });
  it('surfaces a fatal refusal at once', () => {
    const g = new RetryGovernor({ idempotent: true, budgetMs: 5000 });
    expect(g.next('fatal').action).toBe('giveUp');
  });
  it('a zero budget is a single shot', () => {
    const g = new RetryGovernor({ idempotent: true, budgetMs: 0 });
    expect(g.next('transient').action).toBe('giveUp');
  });
  it('stops at the iteration ceiling even if a caller never gives up', () => {
    const g = new RetryGovernor({ idempotent: true, budgetMs: 300 });
    let n = 0;
    while (g.attempt()) n++;
    expect(n).toBe(maxRetryIterations(300));
    expect(n).toBe(11);
  });
});
