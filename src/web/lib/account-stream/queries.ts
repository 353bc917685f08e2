// The one fetcher of each private list the account stream keeps live: open orders of a pair (with the
// recent stream updates laid over), my trades of a pair (the newest 1000, MyTrade records; views that
// show a day filter by time) and an account's balances (with the myAsset frames received since the
// request was sent laid over). Query keys from lib/queryKeys.ts.
import { balanceSchema } from '../../../core/schemas/assets.js';
import { myTradeSchema, openOrderSchema } from '../../../core/schemas/orders.js';
import { tolerantArray } from '../../../core/schemas/tolerant.js';
import { apiGet } from '../api.js';
import { qk } from '../queryKeys.js';
import type { Balance, MyTrade, OpenOrder } from '../types.js';
import { assetsKey, overlayRecentAssets } from './recentAssets.js';
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

export function balanceQuery(profileId: string | null | undefined, accountSeq: number, enabled = true) {
  return {
    queryKey: qk.balance(profileId, accountSeq),
    queryFn: async (): Promise<Balance[]> => {
      const sentAt = Date.now();
      const rows = await apiGet(
        '/v2/balance',
        { accountSeq },
        { profileId, schema: tolerantArray(balanceSchema, 'balance') },
      );
      return overlayRecentAssets(assetsKey(profileId ?? null, accountSeq), rows as Balance[], sentAt);
    },
    enabled: !!profileId && enabled,
    staleTime: Number.POSITIVE_INFINITY,
  };
}
