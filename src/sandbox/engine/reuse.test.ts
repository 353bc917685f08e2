import { describe, expect, it } from 'vitest';
import { OrderBook } from './book.js';
import { apply, plan, take } from './match.js';

// A plain model of the book (arrays per price, FIFO), to hold the engine to under a long random mix
// of inserts, cancels and market sweeps: the engine reuses the slots of orders that left the book,
// keeps ids in its own index and empty levels listed, and none of it may ever show through.
describe('engine under churn (object reuse, id index)', () => {
  it('matches a plain model: fills, depth and open orders', () => {
    const book = new OrderBook();
    const model = {
      buy: new Map<number, Array<{ id: number; qty: number }>>(),
      sell: new Map<number, Array<{ id: number; qty: number }>>(),
    };
    const where = new Map<number, { side: 'buy' | 'sell'; price: number }>();
    let seed = 5;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    let nextId = 1;
    const live: number[] = [];
    for (let step = 0; step < 20_000; step++) {
      const r = rnd();
      if (r < 0.6) {
        const side = rnd() < 0.5 ? 'buy' : 'sell';
        const price = side === 'buy' ? 990 - Math.floor(rnd() * 20) : 1010 + Math.floor(rnd() * 20);
        const qty = 1 + Math.floor(rnd() * 9);
        const id = nextId++;
        book.insert(id, 1 + (id % 3), 1, side, price, qty);
        const lvl = model[side].get(price) ?? [];
        lvl.push({ id, qty });
        model[side].set(price, lvl);
        where.set(id, { side, price });
        live.push(id);
      } else if (r < 0.85 && live.length > 0) {
        const id = live[Math.floor(rnd() * live.length)]!;
        const removed = book.remove(id);
        const w = where.get(id);
        expect(removed?.id ?? null).toBe(w ? id : null);
        if (w) {
          const lvl = model[w.side].get(w.price)!;
          lvl.splice(
            lvl.findIndex((o) => o.id === id),
            1,
          );
          if (lvl.length === 0) model[w.side].delete(w.price);
          where.delete(id);
        }
      } else {
        const side = rnd() < 0.5 ? 'buy' : 'sell';
        const opp = side === 'buy' ? 'sell' : 'buy';
        const qty = 1 + Math.floor(rnd() * 40);
        const spec = { userId: 99, side, limitPrice: null, qty, amt: null, protectPrice: null } as const;
        // half the sweeps plan then apply, half match in one walk (take): both must agree with the model
        let got: number[][];
        if (rnd() < 0.5) {
          const p = plan(book, spec);
          got = p.fills.map((f) => [f.maker.id, f.price, f.qty]);
          apply(book, p);
        } else {
          const p = take(book, spec);
          got = p.fills.map((f) => [f.maker.id, f.price, f.qty]);
          expect(p.count).toBe(got.length);
        }
        const want: number[][] = [];
        let left = qty;
        const prices = [...model[opp].keys()].sort((a, b) => (opp === 'sell' ? a - b : b - a));
        for (const price of prices) {
          const lvl = model[opp].get(price)!;
          while (left > 0 && lvl.length > 0) {
            const o = lvl[0]!;
            const q = Math.min(left, o.qty);
            want.push([o.id, price, q]);
            o.qty -= q;
            left -= q;
            if (o.qty === 0) {
              lvl.shift();
              where.delete(o.id);
            }
          }
          if (lvl.length === 0) model[opp].delete(price);
          if (left === 0) break;
        }
        expect(got).toEqual(want);
      }
    }
    for (const side of ['buy', 'sell'] as const) {
      const depth = [...model[side].entries()]
        .sort((a, b) => (side === 'sell' ? a[0] - b[0] : b[0] - a[0]))
        .map(([price, lvl]) => [price, lvl.reduce((s, o) => s + o.qty, 0)]);
      expect(book.depth(side)).toEqual(depth);
      expect([...book.iterate(side)].map((o) => o.id)).toEqual(
        [...model[side].entries()]
          .sort((a, b) => (side === 'sell' ? a[0] - b[0] : b[0] - a[0]))
          .flatMap(([, lvl]) => lvl.map((o) => o.id)),
      );
    }
    expect(book.orders.size).toBe(where.size);
    for (const [id] of where) expect(book.get(id)?.id).toBe(id);
  });
});
