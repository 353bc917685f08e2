import { describe, expect, it } from 'vitest';
import { checkAmend } from './amendRules.js';

const policy = [
  { priceGte: '0', tickSize: '1' },
  { priceGte: '1000000', tickSize: '1000' },
];
const pair = { minOrderValue: '5000', maxOrderValue: '1000000000' };
const cur = { price: '2500000', remaining: '0.01' };

describe('checkAmend', () => {
  it('accepts a new price on the tick, reports the order value', () => {
    const r = checkAmend({ side: 'buy', price: '2,510,000', qty: '0.01' }, cur, pair, policy);
    expect(r).toEqual({ ok: true, price: '2510000', qty: '0.01', value: '25100' });
  });
  it('refuses off-tick prices, small values, non-numbers and no change', () => {
    expect(checkAmend({ side: 'buy', price: '2510500', qty: '0.01' }, cur, pair, policy)).toMatchObject({
      ok: false,
      code: 'INVALID_PRICE_TICK',
    });
    expect(checkAmend({ side: 'buy', price: '2510000', qty: '0.001' }, cur, pair, policy)).toMatchObject({
      ok: false,
      code: 'ORDER_VALUE_TOO_SMALL',
    });
    expect(checkAmend({ side: 'sell', price: 'abc', qty: '1' }, cur, pair, policy)).toMatchObject({
      ok: false,
    });
    expect(checkAmend({ side: 'buy', price: '2500000', qty: '0.01' }, cur, pair, policy)).toMatchObject({
      ok: false,
      code: 'NO_CHANGE',
    });
  });
});
