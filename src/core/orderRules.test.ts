import { describe, expect, it } from 'vitest';
import { orderValue, orderValueError, validateOrderParams } from './orderRules.js';

const policy = [
  { priceGte: '0', tickSize: '1' },
  { priceGte: '1000000', tickSize: '1000' },
];
const pair = { minOrderValue: '5000', maxOrderValue: '1000000000' };

describe('orderValue', () => {
  it('is qty x price for limit orders and amt for market or best buys', () => {
    expect(orderValue({ orderType: 'limit', side: 'buy', price: '95000000', qty: '0.0015' })).toBe('142500');
    expect(orderValue({ orderType: 'market', side: 'buy', amt: '10000' })).toBe('10000');
    expect(orderValue({ orderType: 'best', side: 'buy', amt: '7000' })).toBe('7000');
  });
  it('needs a reference price for market sells', () => {
    expect(orderValue({ orderType: 'market', side: 'sell', qty: '0.1' })).toBeNull();
    expect(orderValue({ orderType: 'market', side: 'sell', qty: '0.1' }, '95000000')).toBe('9500000');
  });
});

describe('orderValueError', () => {
  it('flags values below the minimum and above the maximum', () => {
    expect(orderValueError(pair, '4999')?.code).toBe('ORDER_VALUE_TOO_SMALL');
    expect(orderValueError(pair, '1000000001')?.code).toBe('ORDER_VALUE_TOO_LARGE');
  });
  it('accepts values exactly on a bound', () => {
    expect(orderValueError(pair, '5000')).toBeNull();
    expect(orderValueError(pair, '1000000000')).toBeNull();
  });
  it('skips a bound the pair does not publish', () => {
    expect(orderValueError({}, '1')).toBeNull();
    expect(orderValueError({ minOrderValue: null, maxOrderValue: '10' }, '1')).toBeNull();
    expect(orderValueError({ maxOrderValue: '10' }, '11')?.code).toBe('ORDER_VALUE_TOO_LARGE');
  });
});

describe('validateOrderParams', () => {
  const limit = { side: 'buy', orderType: 'limit', price: '95000000', qty: '0.0015' };
  const ok = (p: object, ref?: string) => validateOrderParams(p, pair, policy, ref);
  const code = (p: object, ref?: string) => {
    const r = ok(p, ref);
    return r.ok ? 'OK' : r.error.code;
  };

  it('accepts a limit order and defaults timeInForce to gtc', () => {
    const r = ok(limit);
    expect(r.ok && r.order).toMatchObject({
      timeInForce: 'gtc',
      price: '95000000',
      qty: '0.0015',
      pp: false,
      ppPercent: 5,
    });
  });
  it('defaults a market order to ioc and refuses others', () => {
    const r = ok({ side: 'buy', orderType: 'market', amt: '10000' });
    expect(r.ok && r.order.timeInForce).toBe('ioc');
    expect(code({ side: 'buy', orderType: 'market', amt: '10000', timeInForce: 'gtc' })).toBe('BAD_REQUEST');
  });
  it('requires timeInForce on best orders and bounds bestNth', () => {
    expect(code({ side: 'buy', orderType: 'best', amt: '10000' })).toBe('BAD_REQUEST');
    expect(code({ side: 'buy', orderType: 'best', amt: '10000', timeInForce: 'ioc', bestNth: '6' })).toBe(
      'BAD_REQUEST',
    );
    const r = ok({ side: 'sell', orderType: 'best', qty: '1', timeInForce: 'po', bestNth: '3' });
    expect(r.ok && r.order.bestNth).toBe(3);
    expect(code({ ...limit, bestNth: '1' })).toBe('BAD_REQUEST');
  });
  it('enforces amt vs qty by side', () => {
    expect(code({ side: 'buy', orderType: 'market', qty: '1' })).toBe('BAD_REQUEST');
    expect(code({ side: 'sell', orderType: 'market', amt: '10000' })).toBe('BAD_REQUEST');
    expect(code({ side: 'buy', orderType: 'market', amt: '10000', price: '1' })).toBe('BAD_REQUEST');
    expect(code({ ...limit, amt: '1' })).toBe('BAD_REQUEST');
    expect(code({ side: 'buy', orderType: 'limit', qty: '1' })).toBe('BAD_REQUEST');
  });
  it('rejects zero, negative and exponent quantities', () => {
    expect(code({ ...limit, qty: '0' })).toBe('BAD_REQUEST');
    expect(code({ ...limit, qty: '-1' })).toBe('BAD_REQUEST');
    expect(code({ ...limit, qty: '1e-3' })).toBe('BAD_REQUEST');
    expect(code({ ...limit, qty: '0.000000001' })).toBe('BAD_REQUEST');
  });
  it('checks tick size and order value with the shared rules', () => {
    expect(code({ ...limit, price: '95000500' })).toBe('PRICE_TICK_SIZE_INVALID');
    expect(code({ ...limit, qty: '0.00001' })).toBe('ORDER_VALUE_TOO_SMALL');
    expect(code({ ...limit, qty: '11' })).toBe('ORDER_VALUE_TOO_LARGE');
    expect(code({ side: 'buy', orderType: 'market', amt: '4999' })).toBe('ORDER_VALUE_TOO_SMALL');
    expect(code({ side: 'sell', orderType: 'market', qty: '0.00001' }, '95000000')).toBe(
      'ORDER_VALUE_TOO_SMALL',
    );
    expect(code({ side: 'sell', orderType: 'market', qty: '0.00001' })).toBe('OK');
  });
  it('validates side, type, timeInForce, pp and clientOrderId', () => {
    expect(code({ ...limit, side: 'hold' })).toBe('BAD_REQUEST');
    expect(code({ ...limit, orderType: 'stop' })).toBe('BAD_REQUEST');
    expect(code({ ...limit, timeInForce: 'day' })).toBe('BAD_REQUEST');
    expect(code({ ...limit, pp: 'yes' })).toBe('BAD_REQUEST');
    expect(code({ ...limit, ppPercent: '0' })).toBe('BAD_REQUEST');
    expect(code({ ...limit, ppPercent: '101' })).toBe('BAD_REQUEST');
    expect(code({ ...limit, clientOrderId: 'has space' })).toBe('BAD_REQUEST');
    expect(code({ ...limit, clientOrderId: 'x'.repeat(37) })).toBe('BAD_REQUEST');
    const r = ok({ ...limit, clientOrderId: 'ord:2026-11-25_a.1', pp: 'true', ppPercent: '10' });
    expect(r.ok && r.order).toMatchObject({ clientOrderId: 'ord:2026-11-25_a.1', pp: true, ppPercent: 10 });
  });
});
