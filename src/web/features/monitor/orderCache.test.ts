import { describe, expect, it } from 'vitest';
import { addFill, applyOrderUpdate, fillFromWs } from './orderCache.js';

const o = (orderId: number, status: string, extra: Record<string, unknown> = {}) => ({
  orderId,
  side: 'buy',
  status,
  ...extra,
});

describe('open orders from myOrder frames', () => {
  it('adds a new open order (unfilled means open) and updates it in place', () => {
    let list = applyOrderUpdate([], o(1, 'unfilled', { price: '100', filledQty: '0' }));
    expect(list).toEqual([{ orderId: 1, side: 'buy', status: 'open', price: '100', filledQty: '0' }]);
    list = applyOrderUpdate(list, o(1, 'partiallyFilled', { filledQty: '0.5', avgPrice: null }));
    expect(list[0]).toMatchObject({ status: 'partiallyFilled', price: '100', filledQty: '0.5' });
  });
  it('removes an order once it closes', () => {
    const list = [o(1, 'open'), o(2, 'open')];
    expect(applyOrderUpdate(list, o(1, 'filled')).map((x) => x.orderId)).toEqual([2]);
    expect(applyOrderUpdate(list, o(3, 'canceled'))).toBe(list);
  });
});

describe('fills from myTrade frames', () => {
  it('maps to the REST shape and dedupes by tradeId, newest first', () => {
    const f = fillFromWs(
      {
        tradeId: 7,
        orderId: 1,
        side: 'sell',
        price: '0.1',
        qty: '3',
        fee: '0.0001',
        feeCurrency: 'krw',
        filledAt: 2000,
        isTaker: true,
      },
      'xrp_krw',
    );
    expect(f).toMatchObject({ symbol: 'xrp_krw', amt: '0.3', tradedAt: 2000, feeQty: '0.0001' });
    const older = { ...f, tradeId: 6, tradedAt: 1000 };
    const list = addFill([older], f);
    expect(list.map((x) => x.tradeId)).toEqual([7, 6]);
    expect(addFill(list, f)).toBe(list);
  });
});

describe('private frame account', () => {
  it('reads the accountSeq tag of each channel and defaults to the main account', async () => {
    const { frameAccount } = await import('../../lib/privateChannels.js');
    expect(frameAccount('myOrder', { channelType: 'myOrder', order: { accountSeq: 3, orders: [] } })).toBe(3);
    expect(frameAccount('myTrade', { channelType: 'myTrade', trade: { accountSeq: 2, trades: [] } })).toBe(2);
    expect(frameAccount('myAsset', { channelType: 'myAsset', asset: { assets: [] } })).toBe(1);
  });
});
