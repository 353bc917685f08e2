// One poller for every REST-only money view (balances, open orders, funding lists, transfers): while the
// tab is visible, every 3 s (1.5 s while a funding record or transfer is still pending) the money queries
// are invalidated, so the ones on screen refetch and the ones off screen refetch when next shown. The
// private stream keeps balances and orders current between polls; deposits, withdrawals and transfers
// make no stream frame, so this is what shows a change made elsewhere (admin, another tab, the exchange).
// The shown queries are not invalidated all at once: on the desk wall (12 accounts, several lists each)
// one burst of refetches answered together and rendered in one long task. Each shown query has its own
// place in the first part of the period (same place every round, so each still refetches every period).
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

/** Longest gap between two shown queries' refetches within a round. */
const MAX_STEP_MS = 60;

/**
 * When, within a round of `periodMs`, each of `n` shown queries is invalidated: evenly over the first
 * half of the period, at most MAX_STEP_MS apart, the first at once.
 */
export function spreadOffsets(n: number, periodMs: number): number[] {
  if (n <= 1) return n === 1 ? [0] : [];
  const step = Math.min(MAX_STEP_MS, periodMs / 2 / (n - 1));
  return Array.from({ length: n }, (_, i) => Math.round(i * step));
}

export function installLivePoll(qc: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: ReturnType<typeof setTimeout>[] = [];
  const clearPending = () => {
    for (const t of pending) clearTimeout(t);
    pending = [];
  };
  const tick = () => {
    clearPending();
    // one read of the cache per round: the period, the shown and the off-screen money queries
    const money = qc.getQueryCache().findAll({ predicate: (q: Query) => isMoneyKey(q.queryKey) });
    const period = nextPollMs(money);
    const visible = typeof document === 'undefined' || document.visibilityState === 'visible';
    if (visible) {
      const shown = money.filter((q) => q.getObserversCount() > 0);
      // off screen: marked stale only (refetched when next shown)
      const offScreen = new Set(money.filter((q) => q.getObserversCount() === 0));
      if (offScreen.size > 0) void qc.invalidateQueries({ predicate: (q: Query) => offScreen.has(q) });
      shown.sort((a, b) => (a.queryHash < b.queryHash ? -1 : a.queryHash > b.queryHash ? 1 : 0));
      const offsets = spreadOffsets(shown.length, period);
      shown.forEach((q, i) => {
        const run = () => void qc.invalidateQueries({ queryKey: q.queryKey, exact: true });
        if (offsets[i] === 0) run();
        else pending.push(setTimeout(run, offsets[i]));
      });
    }
    timer = setTimeout(tick, period);
  };
  timer = setTimeout(tick, LIVE_POLL_MS);
  return () => {
    if (timer) clearTimeout(timer);
    clearPending();
  };
}
