import { describe, expect, it } from 'vitest';
import { OrderBook } from './book.js';
import { apply, plan } from './match.js';

describe('order storage (slots)', () => {
  it('grows past its first capacity and keeps every field exact', () => {
    const b = new OrderBook();
    const n = 5000; // the storage starts with room for 1024 orders
    for (let id = 1; id <= n; id++) {
      // prices and quantities beyond int32, as the exchange's scaled integers are
      b.insert(
        id * 7,
        100 + id,
        id % 4,
        id % 2 ? 'buy' : 'sell',
        5_000_000_000_000 + (id % 9) * 1000,
        3_000_000_000 + id,
      );
    }
    expect(b.orders.size).toBe(n);
    for (const id of [1, 1024, 1025, 2048, n]) {
      expect(b.get(id * 7)).toEqual({
        id: id * 7,
        userId: 100 + id,
        accountSeq: id % 4,
        side: id % 2 ? 'buy' : 'sell',
        price: 5_000_000_000_000 + (id % 9) * 1000,
        remaining: 3_000_000_000 + id,
      });
    }
    expect(b.get(3)).toBeUndefined();
  });

  it('cancel() removes like remove() and reuses the slot for the next order', () => {
    const b = new OrderBook();
    b.insert(10, 1, 1, 'sell', 500, 4);
    b.insert(11, 1, 1, 'sell', 500, 6);
    expect(b.cancel(10)).toBe(true);
    expect(b.cancel(10)).toBe(false);
    b.insert(12, 2, 1, 'sell', 500, 1);
    expect([...b.iterate('sell')].map((o) => [o.id, o.remaining])).toEqual([
      [11, 6],
      [12, 1],
    ]);
    expect(b.depth('sell')).toEqual([[500, 7]]);
  });

  it('a plan names its makers as snapshots the exchange can read after apply', () => {
    const b = new OrderBook();
    b.insert(1, 7, 2, 'sell', 100, 5);
    b.insert(2, 8, 3, 'sell', 101, 5);
    const p = plan(b, { userId: 9, side: 'buy', limitPrice: null, qty: 7, amt: null, protectPrice: null });
    apply(b, p);
    expect(p.fills.map((f) => [f.maker.id, f.maker.userId, f.maker.accountSeq, f.price, f.qty])).toEqual([
      [1, 7, 2, 100, 5],
      [2, 8, 3, 101, 2],
    ]);
    expect(p.filledAmt).toBe(100n * 5n + 101n * 2n);
    expect(b.get(1)).toBeUndefined();
    expect(b.get(2)?.remaining).toBe(3);
  });
});
