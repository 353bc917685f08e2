// Open orders and my trades (REST once), kept live by the myOrder / myTrade streams via setQueryData.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { myTradeSchema, openOrderSchema } from '../../../../core/schemas/orders.js';
import { readChannel } from '../../../../core/schemas/privateFrames.js';
import { tolerantArray } from '../../../../core/schemas/tolerant.js';
import { apiGet } from '../../../lib/api.js';
import { qk } from '../../../lib/queryKeys.js';
import type { MyTrade, OpenOrder } from '../../../lib/types.js';
import { privateStream } from '../../../lib/ws.js';
import {
  applyOrderUpdates,
  applyTradeUpdates,
  overlayRecentUpdates,
  rememberOrderUpdates,
  wsTradeToMyTrade,
} from './orderCache.js';
import { emitOrderUpdates } from './orderEvents.js';

const recentKey = (profileId: string | null, accountSeq: number, symbol: string) =>
  `${profileId}|${accountSeq}|${symbol}`;

export function useOpenOrders(profileId: string | null, accountSeq: number, symbol: string, enabled = true) {
  return useQuery<OpenOrder[]>({
    queryKey: qk.openOrders(profileId, accountSeq, symbol),
    queryFn: async () => {
      const list = await apiGet(
        '/v2/openOrders',
        { symbol, accountSeq, limit: 1000 },
        { profileId, schema: tolerantArray(openOrderSchema, 'open order') },
      );
      return overlayRecentUpdates(recentKey(profileId, accountSeq, symbol), list);
    },
    enabled: !!profileId && enabled,
    staleTime: Number.POSITIVE_INFINITY,
    structuralSharing: false,
  });
}

export function useMyTrades(profileId: string | null, accountSeq: number, symbol: string, enabled = true) {
  return useQuery<MyTrade[]>({
    queryKey: qk.myTrades(profileId, accountSeq, symbol),
    queryFn: () =>
      apiGet(
        '/v2/myTrades',
        { symbol, accountSeq, limit: 500 },
        { profileId, schema: tolerantArray(myTradeSchema, 'my trade') },
      ),
    enabled: !!profileId && enabled,
    staleTime: Number.POSITIVE_INFINITY,
    structuralSharing: false,
  });
}

/**
 * Subscribes myOrder and myTrade for one account and writes their frames into the caches of `symbol`.
 * The stream merges private subscriptions per channel and hands this handler only `accountSeq`'s frames.
 */
export function useOrderStreams(
  profileId: string | null,
  accountSeq: number,
  symbol: string,
  enabled: boolean,
) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!profileId || !enabled) return;
    const stream = privateStream(profileId);
    const offOrders = stream.subscribe({ type: 'myOrder', accountSeqs: [accountSeq] }, (f) => {
      const u = readChannel('myOrder', f);
      if (!u) return;
      // Live rows carry no symbol: the pair is the frame's (readChannel puts it on every row).
      const mine = u.orders.filter((o) => o.symbol === symbol).map((o) => ({ ...o, symbol }));
      if (!mine.length) return;
      rememberOrderUpdates(recentKey(profileId, accountSeq, symbol), mine);
      emitOrderUpdates(mine);
      qc.setQueryData<OpenOrder[]>(qk.openOrders(profileId, accountSeq, symbol), (old) =>
        applyOrderUpdates(old, mine),
      );
      // allOrders has no stream and lags upstream: mark it stale so the history tab reloads when shown.
      void qc.invalidateQueries({
        queryKey: qk.allOrdersPrefix(profileId, accountSeq, symbol),
        refetchType: 'none',
      });
    });
    const offTrades = stream.subscribe({ type: 'myTrade', accountSeqs: [accountSeq] }, (f) => {
      const u = readChannel('myTrade', f);
      if (!u) return;
      const fills = u.trades
        .filter((t) => t.symbol === symbol)
        .map((t) => wsTradeToMyTrade({ ...t, symbol }, symbol));
      if (!fills.length) return;
      qc.setQueryData<MyTrade[]>(qk.myTrades(profileId, accountSeq, symbol), (old) =>
        old ? applyTradeUpdates(old, fills) : old,
      );
    });
    // Private channels have no snapshot: after a gap, reload from REST once.
    let wasDown = false;
    const offStatus = stream.onStatus((s) => {
      if (s === 'interrupted') wasDown = true;
      else if (s === 'open' && wasDown) {
        wasDown = false;
        void qc.invalidateQueries({ queryKey: qk.openOrders(profileId, accountSeq, symbol) });
        void qc.invalidateQueries({ queryKey: qk.myTrades(profileId, accountSeq, symbol) });
      }
    });
    return () => {
      offOrders();
      offTrades();
      offStatus();
    };
  }, [profileId, accountSeq, symbol, enabled, qc]);
}
