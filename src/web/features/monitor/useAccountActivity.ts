// Open orders and 24h fills of one account across every pair, kept live by myOrder / myTrade frames.
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { z } from 'zod/mini';
import { myTradeSchema, openOrderSchema } from '../../../core/schemas/orders.js';
import { readChannel } from '../../../core/schemas/privateFrames.js';
import { tolerantArray } from '../../../core/schemas/tolerant.js';
import { apiGet } from '../../lib/api.js';
import { qk } from '../../lib/queryKeys.js';
import { privateStream } from '../../lib/ws.js';
import { addFill, applyOrderUpdate, type FillRecord, fillFromWs } from './orderCache.js';

export type OpenOrder = z.infer<typeof openOrderSchema>;
export type MyTrade = z.infer<typeof myTradeSchema>;

export const DAY_MS = 24 * 3600_000;

/** The cache key of the 24h fills (no explicit range: the window is computed at fetch time). */
const fillsKey = (p: string, a: number, symbol: string) => qk.myTrades(p, a, symbol);

function useActivityStream(profileId: string, accountSeq: number, enabled: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const stream = privateStream(profileId);
    const offOrder = stream.subscribe({ type: 'myOrder', accountSeqs: [accountSeq] }, (frame) => {
      const u = readChannel('myOrder', frame);
      if (!u) return;
      for (const o of u.orders) {
        // A frame without its pair cannot be placed: reload this account's lists instead.
        if (!o.symbol) {
          void qc.invalidateQueries({ queryKey: qk.account(profileId, accountSeq) });
          continue;
        }
        qc.setQueryData<OpenOrder[]>(qk.openOrders(profileId, accountSeq, o.symbol), (old) =>
          old ? applyOrderUpdate(old, o) : old,
        );
      }
    });
    const offTrade = stream.subscribe({ type: 'myTrade', accountSeqs: [accountSeq] }, (frame) => {
      const u = readChannel('myTrade', frame);
      if (!u) return;
      for (const t of u.trades) {
        if (!t.symbol) {
          void qc.invalidateQueries({ queryKey: qk.account(profileId, accountSeq) });
          continue;
        }
        const fill = fillFromWs({ ...t, symbol: t.symbol }, t.symbol);
        qc.setQueryData<FillRecord[]>(fillsKey(profileId, accountSeq, t.symbol), (old) =>
          old ? addFill(old, fill) : old,
        );
      }
    });
    let wasDown = false;
    const offStatus = stream.onStatus((s) => {
      if (s === 'interrupted') wasDown = true;
      else if (s === 'open' && wasDown) {
        wasDown = false;
        void qc.invalidateQueries({ queryKey: qk.account(profileId, accountSeq) });
      }
    });
    return () => {
      offOrder();
      offTrade();
      offStatus();
    };
  }, [profileId, accountSeq, enabled, qc]);
}

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
  useActivityStream(profileId, accountSeq, enabled);
  const orders = useQueries({
    queries: symbols.map((symbol) => ({
      queryKey: qk.openOrders(profileId, accountSeq, symbol),
      queryFn: () =>
        apiGet(
          '/v2/openOrders',
          { symbol, accountSeq, limit: 1000 },
          { profileId, schema: tolerantArray(openOrderSchema, 'open order') },
        ),
      enabled,
      staleTime: Number.POSITIVE_INFINITY,
    })),
    combine: combineLists<OpenOrder>,
  });
  const fills = useQueries({
    queries: symbols.map((symbol) => ({
      queryKey: fillsKey(profileId, accountSeq, symbol),
      queryFn: async () =>
        (await apiGet(
          '/v2/myTrades',
          { symbol, accountSeq, startTime: Date.now() - DAY_MS, limit: 1000 },
          { profileId, schema: tolerantArray(myTradeSchema, 'my trade') },
        )) as FillRecord[],
      enabled,
      staleTime: Number.POSITIVE_INFINITY,
    })),
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
