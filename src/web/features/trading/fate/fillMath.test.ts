import { describe, expect, it } from 'vitest';
import { summarizeFills, titleWithFills } from './fillMath.js';

describe('summarizeFills', () => {
  it('sums one order swept over levels and keeps separate orders apart', () => {
    const out = summarizeFills(
      [
        { orderId: 5, side: 'buy', price: '100', qty: '1', amt: '100' },
        { orderId: 5, side: 'buy', price: '110', qty: '3', amt: '330' },
        { orderId: 6, symbol: 'eth_krw', side: 'sell', price: '7', qty: '0.5' },
      ],
      'btc_krw',
    );
    expect(out).toHaveLength(2);
    expect(out[0]).toEqual({
      orderId: 5,
      symbol: 'btc_krw',
      side: 'buy',
      qty: '4',
      avgPrice: '107.5',
      count: 2,
    });
    expect(out[1]).toMatchObject({ orderId: 6, symbol: 'eth_krw', qty: '0.5', avgPrice: '7', count: 1 });
  });

  it('computes the amount from price and qty when the row has none', () => {
    const [s] = summarizeFills(
      [
        { orderId: 1, side: 'sell', price: '10', qty: '1' },
        { orderId: 1, side: 'sell', price: '20', qty: '1' },
      ],
      'x_krw',
    );
    expect(s?.avgPrice).toBe('15');
  });
});

describe('titleWithFills', () => {
  it('prefixes the count and replaces an earlier prefix', () => {
    expect(titleWithFills('Korbit', 1, '체결')).toBe('(1) 체결 · Korbit');
    expect(titleWithFills('(1) 체결 · Korbit', 2, '체결')).toBe('(2) 체결 · Korbit');
    expect(titleWithFills('(2) Filled · Korbit', 0, 'Filled')).toBe('Korbit');
  });
});
