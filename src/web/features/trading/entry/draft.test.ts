import { describe, expect, it } from 'vitest';
import {
  caretAfterDigits,
  cleanDecimalInput,
  groupDigits,
  isCompleteDecimal,
} from '../../../lib/input/decimalInput.js';
import { buildParams, checkDraft, type FormValues } from './draft.js';

const policy = [
  { priceGte: '0', tickSize: '1' },
  { priceGte: '1000000', tickSize: '1000' },
];
const pair = {
  symbol: 'btc_krw',
  status: 'launched' as const,
  baseCurrency: 'btc',
  quoteCurrency: 'krw',
  minOrderValue: '5000',
  maxOrderValue: '1000000000',
};
const base: FormValues = {
  side: 'buy',
  orderType: 'limit',
  price: '',
  qty: '',
  amt: '',
  timeInForce: 'gtc',
  bestNth: '1',
  pp: false,
  ppPercent: '5',
};

describe('decimal input', () => {
  it('keeps digits and one dot, strips separators, limits decimals', () => {
    expect(cleanDecimalInput('1,234,567', 8)).toBe('1234567');
    expect(cleanDecimalInput('0.123456789', 8)).toBe('0.12345678');
    expect(cleanDecimalInput('1.2.3', 8)).toBe('1.23');
    expect(cleanDecimalInput('12.5', 0)).toBe('12');
    expect(cleanDecimalInput('007', 0)).toBe('7');
    expect(isCompleteDecimal('12.')).toBe(false);
  });
  it('groups thousands as typed and finds the caret again', () => {
    expect(groupDigits('1234567')).toBe('1,234,567');
    expect(groupDigits('1234.')).toBe('1,234.');
    expect(groupDigits('1234.56789')).toBe('1,234.56789');
    expect(groupDigits('')).toBe('');
    // caret after the 4th digit of 1,234,567 sits after "1,234"
    expect(caretAfterDigits('1,234,567', 4)).toBe(5);
    expect(caretAfterDigits('1,234,567', 0)).toBe(0);
  });
});

describe('order draft', () => {
  it('builds the parameters each order type needs', () => {
    expect(buildParams({ ...base, price: '100', qty: '1' })).toEqual({
      side: 'buy',
      orderType: 'limit',
      price: '100',
      qty: '1',
      timeInForce: 'gtc',
    });
    expect(buildParams({ ...base, orderType: 'market', amt: '10000', qty: '9', price: '5' })).toEqual({
      side: 'buy',
      orderType: 'market',
      amt: '10000',
      timeInForce: 'ioc',
    });
    expect(
      buildParams({
        ...base,
        side: 'sell',
        orderType: 'best',
        qty: '1',
        timeInForce: 'po',
        bestNth: '3',
        pp: true,
      }),
    ).toEqual({
      side: 'sell',
      orderType: 'best',
      qty: '1',
      timeInForce: 'po',
      bestNth: '3',
      pp: 'true',
      ppPercent: '5',
    });
  });

  it('checks value bounds and ticks with the core rules before sending', () => {
    const small = checkDraft({ ...base, price: '140000000', qty: '0.00001' }, pair, policy, {});
    expect(small.value).toBe('1400');
    expect(small.valueError?.code).toBe('ORDER_VALUE_TOO_SMALL');
    const offTick = checkDraft({ ...base, price: '140000500', qty: '0.001' }, pair, policy, {});
    expect(offTick.error?.code).toBe('PRICE_TICK_SIZE_INVALID');
    const ok = checkDraft({ ...base, price: '140000000', qty: '0.001' }, pair, policy, { last: '141000000' });
    expect(ok.error).toBeNull();
    expect(ok.farFromLast).toBe(false);
    const far = checkDraft({ ...base, price: '100000000', qty: '0.001' }, pair, policy, {
      last: '141000000',
    });
    expect(far.farFromLast).toBe(true);
    expect(checkDraft(base, pair, policy, {}).incomplete).toBe(true);
  });

  it('measures "far from the last price" with the threshold from Settings (not a positive number: never)', () => {
    const at = (price: string, farPct?: string) =>
      checkDraft({ ...base, price, qty: '0.001' }, pair, policy, { last: '100000000', farPct }).farFromLast;
    expect(at('80000000')).toBe(true); // 20 % below, default 10 %
    expect(at('80000000', '25')).toBe(false);
    expect(at('70000000', '25')).toBe(true);
    expect(at('130000000', '25')).toBe(true); // above counts too
    expect(at('50000000', '0')).toBe(false);
    expect(at('50000000', '')).toBe(false);
  });
});
