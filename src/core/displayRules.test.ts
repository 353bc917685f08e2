import { describe, expect, it } from 'vitest';
import { currencyDp, formatAmount, formatDerivedPrice, formatFee, formatSpendable } from './displayRules.js';
import { formatNumber } from './format.js';

describe('display rules', () => {
  it('KRW is shown in whole won, coins with 8 decimals', () => {
    expect(currencyDp('KRW')).toBe(0);
    expect(currencyDp('krw')).toBe(0);
    expect(currencyDp('btc')).toBe(8);
  });

  it('a spendable KRW balance is truncated, never rounded up', () => {
    expect(formatSpendable('99884097.64749', 'krw')).toBe('99,884,097');
    expect(formatSpendable('0.99', 'KRW')).toBe('0');
  });

  it('a spendable coin balance is truncated at 8 decimals', () => {
    expect(formatSpendable('1.123456789', 'btc')).toBe('1.12345678');
    expect(formatSpendable('0.000000019', 'eth')).toBe('0.00000001');
    expect(formatSpendable('2.5', 'btc')).toBe('2.5');
  });

  it('a value is rounded half up, a fee up', () => {
    expect(formatAmount('1500.5', 'krw')).toBe('1,501');
    expect(formatFee('12.341', 'krw')).toBe('12.35');
    expect(formatFee('0.000000011', 'btc')).toBe('0.00000002');
  });

  it('formatNumber truncates with rounding down and keeps halfUp by default', () => {
    expect(formatNumber('1.99', { dp: 0, rounding: 'down' })).toBe('1');
    expect(formatNumber('1.99', { dp: 0 })).toBe('2');
    expect(formatNumber('-1.99', { dp: 0, rounding: 'down' })).toBe('-1');
    expect(formatSpendable(null, 'krw')).toBe('-');
  });

  it("an average price keeps the pair's price precision", () => {
    const btc = [
      { priceGte: '0', tickSize: '1' },
      { priceGte: '1000000', tickSize: '1000' },
    ];
    expect(formatDerivedPrice('140035123.4567', btc)).toBe('140,035,123');
    const doge = [{ priceGte: '0', tickSize: '0.1' }];
    expect(formatDerivedPrice('350.1666', doge)).toBe('350.2');
    expect(formatDerivedPrice('350.1666', [])).toBe('350.1666');
    expect(formatDerivedPrice(null, doge)).toBe('-');
  });
});
