import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { LIVE_POLL_MS, PENDING_POLL_MS } from './policy.js';
import { nextPollMs } from './poller.js';

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
