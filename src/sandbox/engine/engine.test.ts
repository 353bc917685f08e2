import { describe, expect, it } from 'vitest';
import { OrderBook } from './book.js';
import { apply, plan, protectionBound } from './match.js';
import { feeOf, fromUnits, notional, priceToInt, qtyToInt, toUnits } from './units.js';

function mk(book: OrderBook, id: number, side: 'buy' | 'sell', price: number, qty: number, userId = 1) {
  return book.add({ id, userId, accountSeq: 1, side, price, remaining: qty });
}

describe('units', () => {
  it('converts exactly without floats', () => {
    expect(toUnits('0.1', 8)).toBe(10_000_000n);
    expect(toUnits('1.000000001', 8)).toBeNull();
    expect(toUnits('1.0000000000', 8)).toBe(100_000_000n);
    expect(toUnits('1e5', 8)).toBeNull();
    expect(toUnits('-1', 8)).toBeNull();
    expect(fromUnits(123_450_000n, 8)).toBe('1.2345');
    expect(fromUnits(-5n, 2)).toBe('-0.05');
    expect(priceToInt('140000000')).toBe(1_400_000_000_000);
    expect(qtyToInt('99999999999')).toBeNull(); // beyond safe integers
    expect(notional(priceToInt('0.1')!, qtyToInt('0.3')!)).toBe(toUnits('0.03', 12));
    expect(feeOf(10_000n, 50_000n)).toBe(5n); // 0.0005 of 10000
  });
});

describe('OrderBook', () => {
  it('keeps levels sorted best first and aggregates', () => {
    const b = new OrderBook();
    mk(b, 1, 'buy', 100, 5);
    mk(b, 2, 'buy', 102, 1);
    mk(b, 3, 'buy', 101, 2);
    mk(b, 4, 'buy', 101, 3);
    mk(b, 5, 'sell', 105, 1);
    mk(b, 6, 'sell', 103, 1);
    expect(b.depth('buy')).toEqual([
      [102, 1],
      [101, 5],
      [100, 5],
    ]);
    expect(b.depth('sell')).toEqual([
      [103, 1],
      [105, 1],
    ]);
    expect(b.best('buy')).toBe(102);
    expect(b.nthPrice('sell', 2)).toBe(105);
    expect(b.nthPrice('sell', 3)).toBeNull();
  });

  it('cancels from the middle of a level in O(1) and drops empty levels', () => {
    const b = new OrderBook();
    mk(b, 1, 'sell', 10, 1);
    mk(b, 2, 'sell', 10, 2);
    mk(b, 3, 'sell', 10, 3);
    b.remove(2);
    expect([...b.iterate('sell')].map((o) => o.id)).toEqual([1, 3]);
    expect(b.depth('sell')).toEqual([[10, 4]]);
    b.remove(1);
    b.remove(3);
    expect(b.depth('sell')).toEqual([]);
    expect(b.remove(3)).toBeUndefined();
    expect(() => mk(b, 9, 'sell', 10, 1) && mk(b, 9, 'sell', 10, 1)).toThrow();
  });
});

describe('matching', () => {
  it('fills by price then time priority', () => {
    const b = new OrderBook();
    mk(b, 1, 'sell', 101, 5, 2);
    mk(b, 2, 'sell', 100, 5, 3);
    mk(b, 3, 'sell', 100, 5, 4);
    const p = plan(b, { userId: 1, side: 'buy', limitPrice: 101, qty: 12, amt: null, protectPrice: null });
    expect(p.fills.map((f) => [f.maker.id, f.price, f.qty])).toEqual([
      [2, 100, 5],
      [3, 100, 5],
      [1, 101, 2],
    ]);
    expect(p.stop).toBe('complete');
    apply(b, p);
    expect(b.depth('sell')).toEqual([[101, 3]]);
  });

  it('stops at the limit price and reports the remainder', () => {
    const b = new OrderBook();
    mk(b, 1, 'buy', 99, 5, 2);
    mk(b, 2, 'buy', 98, 5, 2);
    const p = plan(b, { userId: 1, side: 'sell', limitPrice: 99, qty: 8, amt: null, protectPrice: null });
    expect(p.filledQty).toBe(5);
    expect(p.stop).toBe('limit');
    expect(b.crosses('sell', 99)).toBe(true);
    expect(b.crosses('sell', 100)).toBe(false);
  });

  it('stops before an own order (self-trade prevention)', () => {
    const b = new OrderBook();
    mk(b, 1, 'sell', 100, 1, 2);
    mk(b, 2, 'sell', 100, 1, 1);
    mk(b, 3, 'sell', 100, 1, 3);
    const p = plan(b, { userId: 1, side: 'buy', limitPrice: 100, qty: 3, amt: null, protectPrice: null });
    expect(p.filledQty).toBe(1);
    expect(p.stop).toBe('selfTrade');
    expect(p.selfMaker?.id).toBe(2);
  });

  it('caps a market buy by amount', () => {
    const b = new OrderBook();
    mk(b, 1, 'sell', 100, 3, 2);
    mk(b, 2, 'sell', 200, 10, 2);
    const p = plan(b, { userId: 1, side: 'buy', limitPrice: null, qty: null, amt: 700n, protectPrice: null });
    expect(p.fills.map((f) => f.qty)).toEqual([3, 2]);
    expect(p.filledAmt).toBe(700n);
  });

  it('applies price protection around the mid', () => {
    const b = new OrderBook();
    mk(b, 1, 'buy', 99, 1, 2);
    mk(b, 2, 'sell', 101, 1, 2);
    mk(b, 3, 'sell', 110, 1, 2);
    const bound = protectionBound(b, 'buy', 5);
    expect(bound).toBe(105);
    const p = plan(b, { userId: 1, side: 'buy', limitPrice: null, qty: 2, amt: null, protectPrice: bound });
    expect(p.filledQty).toBe(1);
    expect(p.stop).toBe('protection');
    expect(protectionBound(new OrderBook(), 'buy', 5)).toBeNull();
  });

  it('handles a deep book of many operations consistently', () => {
    const b = new OrderBook();
    let id = 0;
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const live = new Set<number>();
    for (let i = 0; i < 5000; i++) {
      const r = rnd();
      if (r < 0.6) {
        const side = rnd() < 0.5 ? 'buy' : 'sell';
        const price = side === 'buy' ? 900 + Math.floor(rnd() * 100) : 1000 + Math.floor(rnd() * 100);
        mk(b, ++id, side, price, 1 + Math.floor(rnd() * 10), 1 + Math.floor(rnd() * 5));
        live.add(id);
      } else if (live.size > 0) {
        const victim = [...live][Math.floor(rnd() * live.size)]!;
        b.remove(victim);
        live.delete(victim);
      }
    }
    const total = (s: 'buy' | 'sell') => [...b.iterate(s)].reduce((a, o) => a + o.remaining, 0);
    expect(b.depth('buy').reduce((a, [, q]) => a + q, 0)).toBe(total('buy'));
    expect(b.depth('sell').reduce((a, [, q]) => a + q, 0)).toBe(total('sell'));
    expect(b.orders.size).toBe(live.size);
  });
});
