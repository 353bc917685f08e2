// Open orders and 24h fills of one account across every pair, read from the account stream (which keeps
// them live from myOrder / myTrade frames and rebuilds them after a gap).
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { myTradesQuery, openOrdersQuery, useAccountWatch } from '../../lib/account-stream/index.js';
import type { MyTrade, OpenOrder } from '../../lib/types.js';

export type { MyTrade, OpenOrder };
/** A fill as the monitor lists it: the account stream's one fill record. */
export type FillRecord = MyTrade;

export const DAY_MS = 24 * 3600_000;

export interface AccountActivity {
  openOrders: { symbol: string; orders: OpenOrder[] }[];
  fills: FillRecord[];
  loading: boolean;
  error: unknown;
}

interface ResultLike<T> {
  data?: T;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

const combineLists = <T>(results: ResultLike<T[]>[]) => ({
  data: results.map((r) => r.data),
  loading: results.some((r) => r.isPending),
  error: results.find((r) => r.isError)?.error ?? null,
});

export function useAccountActivity(
  profileId: string,
  accountSeq: number,
  symbols: readonly string[],
  enabled: boolean,
): AccountActivity {
  useAccountWatch(profileId, accountSeq, symbols, enabled);
  const orders = useQueries({
    queries: symbols.map((symbol) => openOrdersQuery(profileId, accountSeq, symbol, enabled)),
    combine: combineLists<OpenOrder>,
  });
  const fills = useQueries({
    queries: symbols.map((symbol) => myTradesQuery(profileId, accountSeq, symbol, enabled)),
    combine: combineLists<FillRecord>,
  });
  const orderData = orders.data;
  const fillData = fills.data;
  const openOrders = useMemo(
    () =>
      symbols.map((symbol, i) => ({ symbol, orders: orderData[i] ?? [] })).filter((x) => x.orders.length > 0),
    [symbols, orderData],
  );
  const allFills = useMemo(() => {
    const cutoff = Date.now() - DAY_MS;
    return fillData
      .flatMap((f) => f ?? [])
      .filter((f) => f.tradedAt >= cutoff)
      .sort((a, b) => b.tradedAt - a.tradedAt);
  }, [fillData]);
  return {
    openOrders,
    fills: allFills,
    loading: orders.loading || fills.loading,
    error: orders.error ?? fills.error,
  };
}
