// One poller for every REST-only money view (balances, open orders, funding lists, transfers): while the
// tab is visible, every 3 s (1.5 s while a funding record or transfer is still pending) the money queries
// are invalidated, so the ones on screen refetch and the ones off screen refetch when next shown. The
// private stream keeps balances and orders current between polls; deposits, withdrawals and transfers
// make no stream frame, so this is what shows a change made elsewhere (admin, another tab, the exchange).
import type { Query, QueryClient } from '@tanstack/react-query';
import { isMoneyKey } from './crossTab.js';
import { LIVE_POLL_MS, listPoll, PENDING_POLL_MS } from './policy.js';

/** The next poll delay: fast while any shown money list holds a pending record. */
export function nextPollMs(
  queries: readonly Pick<Query, 'queryKey' | 'state' | 'getObserversCount'>[],
): number {
  for (const q of queries) {
    if (!isMoneyKey(q.queryKey) || q.getObserversCount() === 0) continue;
    if (listPoll(q) === PENDING_POLL_MS) return PENDING_POLL_MS;
  }
  return LIVE_POLL_MS;
}

export function installLivePoll(qc: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const tick = () => {
    const visible = typeof document === 'undefined' || document.visibilityState === 'visible';
    if (visible) void qc.invalidateQueries({ predicate: (q: Query) => isMoneyKey(q.queryKey) });
    timer = setTimeout(tick, nextPollMs(qc.getQueryCache().getAll()));
  };
  timer = setTimeout(tick, LIVE_POLL_MS);
  return () => {
    if (timer) clearTimeout(timer);
  };
}
