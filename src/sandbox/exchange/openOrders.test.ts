import { describe, expect, it } from 'vitest';
import { OpenOrders } from './openOrders.js';
import type { OrderState } from './orderState.js';

const o = (orderId: number, userId: number, accountSeq: number, symbol: string) =>
  ({ orderId, userId, accountSeq, symbol }) as OrderState;

describe('OpenOrders', () => {
  it('counts open orders per account and pair as they come and go', () => {
    const open = new OpenOrders();
    open.set(1, o(1, 7, 1, 'btc_krw'));
    open.set(2, o(2, 7, 1, 'btc_krw'));
    open.set(3, o(3, 7, 2, 'btc_krw'));
    open.set(4, o(4, 8, 1, 'eth_krw'));
    open.set(2, open.get(2)!); // the same order set again is not counted twice
    expect(open.count(7, 1, 'btc_krw')).toBe(2);
    expect(open.count(7, 2, 'btc_krw')).toBe(1);
    expect(open.count(8, 1, 'eth_krw')).toBe(1);
    expect(open.count(8, 1, 'btc_krw')).toBe(0);
    open.delete(1);
    open.delete(1);
    expect(open.count(7, 1, 'btc_krw')).toBe(1);
    open.clear();
    expect(open.count(7, 2, 'btc_krw')).toBe(0);
    expect(open.size).toBe(0);
  });
});
