import { describe, expect, it } from 'vitest';
import type { OpenOrder, WsOrder } from '../types.js';
import { overlayRecentUpdates, rememberOrderUpdates } from './recentOrders.js';

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

describe('recent stream updates over REST', () => {
  it('lays recent stream updates over a lagging REST list', () => {
    rememberOrderUpdates('k', [ws(5, 'unfilled'), ws(3, 'canceled')], 1000);
    const out = overlayRecentUpdates('k', [rest(3), rest(4)], 2000);
    expect(out.map((o) => o.orderId)).toEqual([5, 4]);
    expect(out[0]?.status).toBe('open');
    // Old memories expire.
    expect(overlayRecentUpdates('k', [rest(3)], 60_000).map((o) => o.orderId)).toEqual([3]);
  });

  it("keeps the REST row of an order the stream also reported open (REST's fields win)", () => {
    rememberOrderUpdates('k2', [{ ...ws(4, 'unfilled'), price: '99' }], 1000);
    expect(overlayRecentUpdates('k2', [rest(4)], 2000)[0]?.price).toBe('100');
  });
});

describe('private frame account', () => {
  it('reads the accountSeq tag of each channel and defaults to the main account', async () => {
    const { frameAccount } = await import('../privateChannels.js');
    expect(frameAccount('myOrder', { channelType: 'myOrder', order: { accountSeq: 3, orders: [] } })).toBe(3);
    expect(frameAccount('myTrade', { channelType: 'myTrade', trade: { accountSeq: 2, trades: [] } })).toBe(2);
    expect(frameAccount('myAsset', { channelType: 'myAsset', asset: { assets: [] } })).toBe(1);
  });
});
