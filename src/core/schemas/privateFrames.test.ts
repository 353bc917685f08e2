// A private frame without accountSeq is the main account's (the vendor client's rule), on every channel.
import { describe, expect, it } from 'vitest';
import { LIVE_MY_ASSET_UNTAGGED, LIVE_MY_TRADE_UNTAGGED } from '../fixtures/live/untagged.js';
import { LIVE_MY_ASSET, LIVE_MY_ORDER_UNTAGGED, LIVE_MY_TRADE } from '../fixtures/live/ws.js';
import { privateFrameAccount, readChannel, readPrivateFrame } from './privateFrames.js';

describe('private frames without accountSeq', () => {
  it('read as account 1, with the pair from the frame and every row kept', () => {
    const o = readChannel('myOrder', LIVE_MY_ORDER_UNTAGGED);
    expect(o).toMatchObject({ channel: 'myOrder', accountSeq: 1, symbol: 'eth_krw' });
    const t = readChannel('myTrade', LIVE_MY_TRADE_UNTAGGED);
    expect(t).toMatchObject({ channel: 'myTrade', accountSeq: 1, symbol: 'xrp_krw' });
    expect(t!.trades).toHaveLength(1);
    expect(t!.trades[0]).toMatchObject({ tradeId: 8001, orderId: 333, symbol: 'xrp_krw', fee: '0.05' });
    const a = readPrivateFrame(LIVE_MY_ASSET_UNTAGGED);
    expect(a).toMatchObject({ channel: 'myAsset', accountSeq: 1, symbol: null });
    expect(a!.channel === 'myAsset' && a!.assets.map((r) => r.currency)).toEqual(['xrp']);
  });

  it('route to account 1; a tagged frame to its own account', () => {
    expect(privateFrameAccount('myOrder', LIVE_MY_ORDER_UNTAGGED)).toBe(1);
    expect(privateFrameAccount('myTrade', LIVE_MY_TRADE_UNTAGGED)).toBe(1);
    expect(privateFrameAccount('myAsset', LIVE_MY_ASSET_UNTAGGED)).toBe(1);
    expect(privateFrameAccount('myTrade', LIVE_MY_TRADE)).toBe(2);
    expect(privateFrameAccount('myAsset', LIVE_MY_ASSET)).toBe(2);
    // an accountSeq that is not a positive integer is not believed either
    expect(
      privateFrameAccount('myTrade', {
        ...LIVE_MY_TRADE,
        trade: { ...LIVE_MY_TRADE.trade, accountSeq: '2' },
      }),
    ).toBe(1);
  });
});
