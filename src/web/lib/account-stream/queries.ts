// The one fetcher of each private list the account stream keeps live: open orders of a pair (with the
// recent stream updates laid over) and my trades of a pair (the newest 1000, MyTrade records; views that
// show a day filter by time). Query keys from lib/queryKeys.ts.
import { myTradeSchema, openOrderSchema } from '../../../core/schemas/orders.js';
import { tolerantArray } from '../../../core/schemas/tolerant.js';
import { apiGet } from '../api.js';
import { qk } from '../queryKeys.js';
import type { MyTrade, OpenOrder } from '../types.js';
import { overlayRecentUpdates } from './recentOrders.js';

export const recentKey = (profileId: string | null, accountSeq: number, symbol: string) =>
  `${profileId}|${accountSeq}|${symbol}`;

export const MY_TRADES_LIMIT = 1000;

export function openOrdersQuery(
  profileId: string | null,
  accountSeq: number,
  symbol: string,
  enabled = true,
) {
  return {
    queryKey: qk.openOrders(profileId, accountSeq, symbol),
    queryFn: async (): Promise<OpenOrder[]> => {
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
  };
}

export function myTradesQuery(profileId: string | null, accountSeq: number, symbol: string, enabled = true) {
  return {
    queryKey: qk.myTrades(profileId, accountSeq, symbol),
    queryFn: (): Promise<MyTrade[]> =>
      apiGet(
        '/v2/myTrades',
        { symbol, accountSeq, limit: MY_TRADES_LIMIT },
        { profileId, schema: tolerantArray(myTradeSchema, 'my trade') },
      ),
    enabled: !!profileId && enabled,
    staleTime: Number.POSITIVE_INFINITY,
    structuralSharing: false,
  };
}
