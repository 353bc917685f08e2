import { describe, expect, it } from 'vitest';
import type { OpenOrder, WsOrder } from '../../../lib/types.js';
import {
  applyOrderUpdates,
  overlayRecentUpdates,
  rememberOrderUpdates,
  wsTradeToMyTrade,
} from './orderCache.js';

const ws = (orderId: number, status: WsOrder['status'], createdAt = orderId): WsOrder => ({
  orderId,
  symbol: 'btc_krw',
  side: 'buy',
  orderType: 'limit',
  price: '100',
  qty: '1',
  filledQty: '0',
  filledAmt: '0',
  createdAt,
  status,
});
const rest = (orderId: number): OpenOrder => ({
  orderId,
  orderType: 'limit',
  side: 'buy',
  price: '100',
  qty: '1',
  filledQty: '0',
  filledAmt: '0',
  createdAt: orderId,
  status: 'open',
});

describe('order cache', () => {
  it('adds unfilled orders (as open), updates partial fills, removes closed ones', () => {
    let list = applyOrderUpdates(undefined, [ws(1, 'unfilled'), ws(2, 'unfilled')]);
    expect(list.map((o) => [o.orderId, o.status])).toEqual([
      [2, 'open'],
      [1, 'open'],
    ]);
    list = applyOrderUpdates(list, [{ ...ws(1, 'partiallyFilled'), filledQty: '0.5' }, ws(2, 'canceled')]);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ orderId: 1, status: 'partiallyFilled', filledQty: '0.5' });
  });

  it('lays recent stream updates over a lagging REST list', () => {
    rememberOrderUpdates('k', [ws(5, 'unfilled'), ws(3, 'canceled')], 1000);
    const out = overlayRecentUpdates('k', [rest(3), rest(4)], 2000);
    expect(out.map((o) => o.orderId)).toEqual([5, 4]);
    // Old memories expire.
    expect(overlayRecentUpdates('k', [rest(3)], 60_000).map((o) => o.orderId)).toEqual([3]);
  });

  it('maps a myTrade fill to a my-trades record', () => {
    const t = wsTradeToMyTrade(
      {
        tradeId: 9,
        orderId: 1,
        side: 'sell',
        price: '100',
        qty: '0.5',
        fee: '0.05',
        feeCurrency: 'krw',
        filledAt: 7,
        isTaker: true,
      },
      'btc_krw',
    );
    expect(t).toMatchObject({ symbol: 'btc_krw', amt: '50', tradedAt: 7, feeQty: '0.05' });
  });
});
