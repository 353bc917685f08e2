import { describe, expect, it } from 'vitest';
import { toCsv } from '../orders/csv.js';
import { estimateFee, limitTotal, percentSize, qtyForTotal, quoteDecimals } from './orderMath.js';

describe('percentSize', () => {
  const base = { feeRate: '0.001', quoteDp: 0 } as const;
  it('buy limit: leaves room for a quote-currency fee and rounds qty down to 8 dp', () => {
    const r = percentSize({
      ...base,
      side: 'buy',
      orderType: 'limit',
      pct: 100,
      available: '1001000',
      price: '3000000',
      feeFromSpent: true,
    });
    // 1,001,000 / 1.001 = 1,000,000 KRW -> 0.33333333 BTC
    expect(r).toEqual({ qty: '0.33333333' });
  });
  it('buy market: amt in whole won', () => {
    expect(
      percentSize({
        ...base,
        side: 'buy',
        orderType: 'market',
        pct: 50,
        available: '100001',
        feeFromSpent: true,
      }),
    ).toEqual({ amt: '49950' });
  });
  it('sell: share of the base balance', () => {
    expect(
      percentSize({
        ...base,
        side: 'sell',
        orderType: 'limit',
        pct: 25,
        available: '0.123456789',
        feeFromSpent: false,
      }),
    ).toEqual({ qty: '0.03086419' });
  });
  it('nothing to size', () => {
    expect(
      percentSize({
        ...base,
        side: 'buy',
        orderType: 'limit',
        pct: 25,
        available: '0',
        price: '1',
        feeFromSpent: true,
      }),
    ).toBeNull();
    expect(
      percentSize({
        ...base,
        side: 'buy',
        orderType: 'limit',
        pct: 25,
        available: '10',
        price: null,
        feeFromSpent: true,
      }),
    ).toBeNull();
  });
});

describe('estimateFee / quoteDecimals', () => {
  it('charges quote fees on value and base fees on qty, rounding up', () => {
    expect(
      estimateFee({
        side: 'buy',
        value: '1000001',
        qty: '0.1',
        feeRate: '0.0015',
        feeCurrency: 'krw',
        baseCurrency: 'btc',
        quoteDp: 0,
      }),
    ).toEqual({ amount: '1500.01', currency: 'krw' });
    expect(
      estimateFee({
        side: 'buy',
        value: '100',
        qty: '0.123',
        feeRate: '0.001',
        feeCurrency: 'btc',
        baseCurrency: 'btc',
        quoteDp: 0,
      }),
    ).toEqual({ amount: '0.000123', currency: 'btc' });
    expect(quoteDecimals('KRW')).toBe(0);
    expect(quoteDecimals('btc')).toBe(8);
  });
});

describe('toCsv', () => {
  it('quotes separators, quotes and formula-looking text', () => {
    expect(
      toCsv(
        [
          { header: 'id', value: (r: { id: number; note: string }) => r.id },
          { header: 'note', value: (r) => r.note },
        ],
        [
          { id: 1, note: 'a,"b"' },
          { id: 2, note: '=cmd' },
        ],
      ),
    ).toBe('id,note\r\n1,"a,""b"""\r\n2,\'=cmd\r\n');
  });
});

describe("qtyForTotal / limitTotal: the ticket's order total", () => {
  it('turns a total into a quantity rounded down, so the order never costs more than typed', () => {
    expect(qtyForTotal('100000', '140021000')).toBe('0.00071417');
    expect(limitTotal('140021000', '0.00071417', 0)).toBe('99999');
    expect(qtyForTotal('10000', '2998')).toBe('3.33555703');
    // an exact total comes back exact
    expect(qtyForTotal('5000', '1000')).toBe('5');
    expect(limitTotal('1000', '5', 0)).toBe('5000');
  });

  it('keeps the quote precision of the total and rounds half up there', () => {
    expect(limitTotal('1.234', '3', 2)).toBe('3.7');
    expect(limitTotal('1.235', '1', 2)).toBe('1.24');
    expect(limitTotal('140021000', '0.00071', 0)).toBe('99415');
  });

  it('gives nothing for half-typed, empty, zero or too small a total, or without a price', () => {
    for (const [total, price] of [
      ['', '1000'],
      ['.', '1000'],
      ['0', '1000'],
      ['100', ''],
      ['100', '0'],
      ['0.000000001', '1'],
      ['1', '1000000000000'],
    ] as const)
      expect(qtyForTotal(total, price)).toBeNull();
    expect(qtyForTotal('100.', '10')).toBe('10');
    expect(limitTotal('', '1', 0)).toBeNull();
    expect(limitTotal('1000', '.', 0)).toBeNull();
  });
});
