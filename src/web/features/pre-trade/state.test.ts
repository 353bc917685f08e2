import { describe, expect, it } from 'vitest';
import { preTradeCheck } from '../../../core/preTrade/check.js';
import { DEFAULT_THRESHOLDS } from '../../../core/preTrade/types.js';
import { checkNow, getPreTrade, type PreTradeDraft, setPreTrade, setPreTradeRunner } from './state.js';

const book = {
  bids: [{ price: '99000', qty: '1' }],
  asks: [{ price: '101000', qty: '1' }],
};
const run = (d: PreTradeDraft) =>
  preTradeCheck({ ...d, ...book, thresholds: DEFAULT_THRESHOLDS, equity: null });
const limit = (price: string): PreTradeDraft => ({
  side: 'buy',
  orderType: 'limit',
  timeInForce: 'gtc',
  price,
  qty: '0.1',
  amt: null,
  last: '100000',
});
const codes = () => getPreTrade('order')?.warnings.map((w) => w.code) ?? [];

describe('checkNow: the check of exactly the order being sent', () => {
  it('runs the live check on the draft given, not on what was published, and publishes it', () => {
    setPreTradeRunner('order', run);
    setPreTrade('order', run(limit('100000'))); // published for the form a render ago: no warning
    expect(codes()).not.toContain('FAT_FINGER');
    const r = checkNow('order', limit('80000')); // what is sent: 20 % below the last price
    expect(r?.warnings.map((w) => w.code)).toContain('FAT_FINGER');
    expect(getPreTrade('order')).toBe(r);
  });

  it('answers null without a live check or a draft, and leaves the other slot alone', () => {
    setPreTradeRunner('order', null);
    expect(checkNow('order', limit('80000'))).toBeNull();
    setPreTradeRunner('order', run);
    expect(checkNow('order', null)).toBeNull();
    expect(checkNow('cond', limit('80000'))).toBeNull();
  });
});
