// The dashboard's private-frame dispatch: a frame without accountSeq reaches the main account's
// subscribers only (korbit-cli: a missing accountSeq is the default account, 1).
import { describe, expect, it } from 'vitest';
import { LIVE_MY_ASSET_UNTAGGED, LIVE_MY_TRADE_UNTAGGED } from '../../core/fixtures/live/untagged.js';
import { LIVE_MY_ORDER_UNTAGGED, LIVE_MY_TRADE } from '../../core/fixtures/live/ws.js';
import { frameAccount, PrivateChannels } from './privateChannels.js';
import type { Frame } from './ws.js';

describe('untagged private frames in the dashboard', () => {
  it('frameAccount reads a missing accountSeq as 1', () => {
    expect(frameAccount('myOrder', LIVE_MY_ORDER_UNTAGGED as Frame)).toBe(1);
    expect(frameAccount('myTrade', LIVE_MY_TRADE_UNTAGGED as Frame)).toBe(1);
    expect(frameAccount('myAsset', LIVE_MY_ASSET_UNTAGGED as Frame)).toBe(1);
  });

  it('dispatch hands an untagged frame to account 1 subscribers, never to another account', () => {
    const ch = new PrivateChannels(
      () => false,
      () => {},
      () => 1,
    );
    const got: string[] = [];
    ch.add('myTrade', [1], (f) => got.push(`main:${f.trade.trades[0].tradeId}`));
    ch.add('myTrade', [2], (f) => got.push(`sub2:${f.trade.trades[0].tradeId}`));
    ch.add('myTrade', [], (f) => got.push(`default:${f.trade.trades[0].tradeId}`));
    ch.dispatch('myTrade', LIVE_MY_TRADE_UNTAGGED as Frame);
    ch.dispatch('myTrade', LIVE_MY_TRADE as Frame);
    expect(got).toEqual(['main:8001', 'default:8001', 'sub2:7001']);
  });
});
