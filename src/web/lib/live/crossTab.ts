// Cross-view and cross-tab invalidation. Funding, transfers and deposits make no private stream frames,
// so after any successful write (order, cancel, withdrawal, transfer, deposit push, address...) this tab
// marks the money-related queries stale (active ones refetch now, hidden ones on their next mount) and
// tells the other tabs of the same dashboard over a BroadcastChannel to do the same.
import type { Query, QueryClient } from '@tanstack/react-query';

export const CHANNEL = 'kapi-live';

/** Private query kinds (4th key element, see queryKeys.ts) that a write anywhere may have changed. */
export const MONEY_KINDS = new Set([
  'balance',
  'openOrders',
  'transfers',
  'coinDeposits',
  'coinWithdrawals',
  'krwDeposits',
  'krwWithdrawals',
  'withdrawableAmount',
  'depositAddresses',
  'withdrawableAddresses',
]);

export function isMoneyKey(key: readonly unknown[]): boolean {
  return key[0] === 'p' && typeof key[3] === 'string' && MONEY_KINDS.has(key[3]);
}

export function invalidateMoney(qc: QueryClient): Promise<void> {
  return qc.invalidateQueries({ predicate: (q: Query) => isMoneyKey(q.queryKey) });
}

export interface ChangeMessage {
  type: 'changed';
  at: number;
}

/** Wires a query client to the channel; returns a function that undoes it. */
export function installCrossTab(qc: QueryClient): () => void {
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  let timer: ReturnType<typeof setTimeout> | null = null;
  // several writes in a burst (cancel all) make one refetch round
  const soon = (broadcast: boolean) => {
    if (broadcast) channel?.postMessage({ type: 'changed', at: Date.now() } satisfies ChangeMessage);
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      void invalidateMoney(qc);
    }, 150);
  };
  const offMutations = qc.getMutationCache().subscribe((e) => {
    if (e.type === 'updated' && e.action.type === 'success') soon(true);
  });
  if (channel) {
    channel.onmessage = (ev: MessageEvent) => {
      if ((ev.data as Partial<ChangeMessage> | null)?.type === 'changed') soon(false);
    };
  }
  return () => {
    offMutations();
    if (timer) clearTimeout(timer);
    channel?.close();
  };
}
