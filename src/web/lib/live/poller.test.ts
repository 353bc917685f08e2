import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIVE_POLL_MS, PENDING_POLL_MS } from './policy.js';
import { installLivePoll, nextPollMs, spreadOffsets } from './poller.js';

describe('nextPollMs', () => {
  it('polls fast only while a shown money list has a pending record', () => {
    const qc = new QueryClient();
    qc.setQueryData(['p', 'x', 1, 'krwDeposits'], [{ status: 'pending' }]);
    qc.setQueryData(['p', 'x', 1, 'balance'], [{ currency: 'krw' }]);
    const all = () => qc.getQueryCache().getAll();
    // no observer: the pending list is not on screen
    expect(nextPollMs(all())).toBe(LIVE_POLL_MS);
    const shown = all().map((q) =>
      Object.assign(Object.create(q), { getObserversCount: () => 1, queryKey: q.queryKey, state: q.state }),
    );
    expect(nextPollMs(shown)).toBe(PENDING_POLL_MS);
    qc.setQueryData(['p', 'x', 1, 'krwDeposits'], [{ status: 'done' }]);
    const settled = qc
      .getQueryCache()
      .getAll()
      .map((q) =>
        Object.assign(Object.create(q), { getObserversCount: () => 1, queryKey: q.queryKey, state: q.state }),
      );
    expect(nextPollMs(settled)).toBe(LIVE_POLL_MS);
  });
});

describe('spreadOffsets', () => {
  it('spreads the shown queries over the first half of the period, at most 60 ms apart', () => {
    expect(spreadOffsets(0, 3000)).toEqual([]);
    expect(spreadOffsets(1, 3000)).toEqual([0]);
    expect(spreadOffsets(4, 3000)).toEqual([0, 60, 120, 180]);
    const many = spreadOffsets(101, 3000);
    expect(many[0]).toBe(0);
    expect(many.at(-1)).toBe(1500);
    for (let i = 1; i < many.length; i++) expect(many[i]! - many[i - 1]!).toBeLessThanOrEqual(15);
  });
});

describe('installLivePoll', () => {
  afterEach(() => vi.useRealTimers());

  it('refetches each shown money query once per period, not all in the same moment', async () => {
    vi.useFakeTimers();
    const qc = new QueryClient();
    const fetched: Array<[string, number]> = [];
    const observers = ['balance', 'openOrders', 'krwDeposits'].map((kind) => {
      const obs = new QueryObserver(qc, {
        queryKey: ['p', 'x', 1, kind],
        queryFn: () => {
          fetched.push([kind, Date.now()]);
          return [];
        },
        staleTime: Number.POSITIVE_INFINITY,
      });
      const off = obs.subscribe(() => {});
      return off;
    });
    // an off-screen money query is not fetched by the poll
    qc.setQueryData(['p', 'x', 2, 'balance'], []);
    await vi.advanceTimersByTimeAsync(10);
    fetched.length = 0;
    const t0 = Date.now();
    const stop = installLivePoll(qc);
    await vi.advanceTimersByTimeAsync(LIVE_POLL_MS * 2 + LIVE_POLL_MS / 2 + 10);
    stop();
    const kinds = fetched.map(([k]) => k).sort();
    expect(kinds).toEqual(['balance', 'balance', 'krwDeposits', 'krwDeposits', 'openOrders', 'openOrders']);
    const firstRound = fetched.slice(0, 3).map(([, t]) => t - t0);
    expect(new Set(firstRound).size).toBe(3);
    expect(Math.max(...firstRound)).toBeLessThan(LIVE_POLL_MS + LIVE_POLL_MS / 2);
    expect(qc.getQueryState(['p', 'x', 2, 'balance'])?.isInvalidated).toBe(true);
    for (const off of observers) off();
  });
});
