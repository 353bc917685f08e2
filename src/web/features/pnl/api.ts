// The proxy's ledger and P&L endpoints (docs/contracts.md, "Ledger and P&L") as TanStack queries.
// Every figure is polled (and refetched when the tab shows again), so the page's freshness marks can
// tell live from stale; a saved cost or a sync invalidates every ledger and P&L key.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { PnlReport, TaxReport } from '../../../core/pnl/types.js';
import type { LedgerAccountStatus, LedgerEvents, LedgerStatus } from '../../../core/proxyApi/ledger.js';
import { proxyGet, proxyPost } from '../../lib/api.js';
import { qk } from '../../lib/queryKeys.js';

export type {
  LedgerAccountStatus,
  LedgerEvents,
  LedgerList,
  LedgerStatus,
  LedgerStatusGap,
} from '../../../core/proxyApi/ledger.js';

/** 'all' or 'profileId:accountSeq'. */
export type Scope = string;

export const accountKey = (a: { profileId: string; accountSeq: number }): Scope =>
  `${a.profileId}:${a.accountSeq}`;

function qs(params: Record<string, string | number | null | undefined>): string {
  const u = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== null && v !== undefined && v !== '') u.set(k, String(v));
  const s = u.toString();
  return s ? `?${s}` : '';
}

/** How often the figures are read again while shown. */
export const PNL_POLL_MS = 15_000;

export function useLedgerStatus() {
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: qk.ledgerStatus(),
    queryFn: () => proxyGet<LedgerStatus>('/api/ledger/status'),
    // quicker while a sync runs, so the page follows it
    refetchInterval: (q) => (q.state.data?.accounts.some((a) => a.syncing) ? 2_000 : PNL_POLL_MS),
  });
  // a finished sync brings rows: every figure is read again at once rather than at its next poll
  const lastSync = q.data ? q.data.accounts.reduce((m, a) => Math.max(m, a.lastSyncAt ?? 0), 0) : -1;
  const seen = useRef(-1);
  useEffect(() => {
    if (lastSync <= seen.current) return;
    const first = seen.current === -1;
    seen.current = lastSync;
    if (first) return;
    void qc.invalidateQueries({ queryKey: qk.pnlAll() });
    void qc.invalidateQueries({ queryKey: qk.ledgerEventsAll() });
  }, [lastSync, qc]);
  return q;
}

/** The P&L of a scope over [from, to]; `to` null = up to now (the proxy's default). */
export function usePnl(scope: Scope, from: number, to: number | null, enabled = true) {
  return useQuery({
    queryKey: qk.pnl(scope, from, to),
    queryFn: () => proxyGet<PnlReport>(`/api/pnl${qs({ from, to, accounts: scope })}`),
    refetchInterval: to === null ? PNL_POLL_MS : 60_000,
    placeholderData: (prev) => prev,
    enabled,
  });
}

export function useTax(scope: Scope, year: number) {
  return useQuery({
    queryKey: qk.pnlTax(scope, year),
    queryFn: () => proxyGet<TaxReport>(`/api/pnl/tax${qs({ year, accounts: scope })}`),
    refetchInterval: 60_000,
    placeholderData: (prev) => prev,
  });
}

export const EVENTS_LIMIT = 5000;

/** Ledger events of a scope in a period (kinds: comma list, e.g. 'trade' or 'deposit'). */
export function useLedgerEvents(
  scope: Scope,
  from: number,
  to: number | null,
  kinds: string,
  enabled = true,
) {
  return useQuery({
    queryKey: qk.ledgerEvents(scope, from, to, kinds),
    queryFn: () =>
      proxyGet<LedgerEvents>(
        `/api/ledger/events${qs({ accounts: scope, from, to, kinds, limit: EVENTS_LIMIT })}`,
      ),
    refetchInterval: to === null ? PNL_POLL_MS : 60_000,
    placeholderData: (prev) => prev,
    enabled,
  });
}

function useInvalidateLedger() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: qk.ledger() });
    void qc.invalidateQueries({ queryKey: qk.pnlAll() });
  };
}

/** POST /api/ledger/cost: the user's total KRW cost of a deposited coin. */
export function useSaveCost() {
  const invalidate = useInvalidateLedger();
  return useMutation({
    mutationFn: (v: { eventId: string; costKrw: string }) =>
      proxyPost<{ eventId: string; costKrw: string }>('/api/ledger/cost', v),
    onSuccess: invalidate,
  });
}

/** POST /api/ledger/sync: runs in the background; the status poll follows it. */
export function useSyncLedger() {
  const invalidate = useInvalidateLedger();
  return useMutation({
    mutationFn: (accounts?: string[]) =>
      proxyPost<{ accounts: LedgerAccountStatus[] }>('/api/ledger/sync', accounts ? { accounts } : {}),
    onSuccess: invalidate,
  });
}
