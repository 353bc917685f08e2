// The proxy's equity snapshots and flows (GET /api/desk/equity), refreshed every 30 s, and the
// KST day P&L of one account computed with its live value.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { countsFrom, type DayPnlResult, dayPnl, type EquityPoint } from '../../../core/desk/dayPnl.js';
import { readUnreadLists } from '../../../core/desk/unread.js';
import type { DeskEquity, EquityAccount } from '../../../core/proxyApi/desk.js';
import { proxyGet } from '../../lib/api.js';
import { qk } from '../../lib/queryKeys.js';

export function useDeskEquity() {
  return useQuery({
    queryKey: qk.deskEquity(),
    queryFn: () => proxyGet<DeskEquity>('/api/desk/equity'),
    // every 30 s; every 10 s while an account's day starts after 00:00 (the proxy started later
    // and its ledger is still rebuilding the value at 00:00)
    refetchInterval: (q) => (q.state.data && lateOpening(q.state.data) ? 10_000 : 30_000),
  });
}

/** Pure: whether some account's day P&L counts from a snapshot taken after 00:00 KST. */
export function lateOpening(data: DeskEquity): boolean {
  return data.accounts.some((a) => a.day !== undefined && countsFrom(a.day) !== null);
}

/** Pure: the account's snapshots by owner (userUuid, else the profile) and seq. */
export function findEquityAccount(
  data: DeskEquity | undefined,
  owner: string,
  accountSeq: number,
): EquityAccount | undefined {
  return data?.accounts.find((a) => a.owner === owner && a.accountSeq === accountSeq);
}

export function useAccountDay(
  owner: string,
  accountSeq: number,
  liveEquity: string | null,
): { day: DayPnlResult | null; points: EquityPoint[] } {
  const { data } = useDeskEquity();
  const acc = findEquityAccount(data, owner, accountSeq);
  return useMemo(() => {
    if (!acc) return { day: null, points: [] };
    const now = Date.now();
    return {
      day: dayPnl({
        points: acc.points,
        flows: acc.flows,
        now,
        currentEquity: liveEquity,
        unread: readUnreadLists(acc.unread),
        estimatedOpening: acc.openingEstimateKrw ?? null,
      }),
      points: acc.points,
    };
  }, [acc, liveEquity]);
}
