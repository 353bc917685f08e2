import { describe, expect, it } from 'vitest';
import { OrderBook, type RestingOrder } from './book.js';
import { eachFill, type FillSink, plan, type TakerSpec, take } from './match.js';

// The matching call answers "nothing crosses" without walking when the best level opposite does
// not reach a limit's price; it steps over the emptied levels a side keeps listed at its best end
// (left by cancels, sweeps and partial sweeps). Held here to what the book holds.
const spec = (t: Partial<TakerSpec>): TakerSpec => ({
  userId: 9,
  side: 'buy',
  limitPrice: null,
  qty: null,
  amt: null,
  protectPrice: null,
  ...t,
});

describe('a limit that crosses nothing', () => {
  it('gets no fills exactly when the best level opposite with orders does not reach it, on random traffic', () => {
    const b = new OrderBook();
    let seed = 5;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const live: number[] = [];
    for (let id = 1; id <= 5000; id++) {
      const r = rnd();
      if (r < 0.6) {
        const buy = rnd() < 0.5;
        const price = buy ? 990 + Math.floor(rnd() * 10) : 1001 + Math.floor(rnd() * 10);
        b.insert(id, 1 + (id % 7), 1, buy ? 'buy' : 'sell', price, 1 + Math.floor(rnd() * 5));
        live.push(id);
      } else if (r < 0.8 && live.length > 0) {
        b.cancel(live.splice(Math.floor(rnd() * live.length), 1)[0]!);
      } else {
        take(b, spec({ side: rnd() < 0.5 ? 'buy' : 'sell', qty: 1 + Math.floor(rnd() * 12) }));
      }
      // each side's kept best price is what it holds
      expect(b.bids.best).toBe(b.depth('buy')[0]?.[0] ?? Number.NEGATIVE_INFINITY);
      expect(b.asks.best).toBe(b.depth('sell')[0]?.[0] ?? Number.POSITIVE_INFINITY);
      // a probe at a random price, looked at (plan) without changing the book
      const buy = rnd() < 0.5;
      const price = 990 + Math.floor(rnd() * 21);
      const best = b.depth(buy ? 'sell' : 'buy')[0]?.[0];
      const p = plan(b, spec({ side: buy ? 'buy' : 'sell', limitPrice: price, qty: 3 }));
      const reaches = best !== undefined && (buy ? best <= price : best >= price);
      expect(p.count > 0, `${buy ? 'buy' : 'sell'} ${price} vs ${best}`).toBe(reaches);
      if (!reaches) expect(p.stop).toBe(best === undefined ? 'liquidity' : 'limit');
    }
  });

  it('a limit that does not reach the best level gets no fills, stop limit; an empty side, liquidity', () => {
    const b = new OrderBook();
    expect(take(b, spec({ limitPrice: 100, qty: 5 })).stop).toBe('liquidity');
    b.insert(1, 1, 1, 'sell', 101, 5);
    b.insert(2, 1, 1, 'sell', 102, 5);
    b.cancel(1);
    // the emptied best level stays listed; the check steps over it to 102
    expect(b.asks.prices).toEqual([102, 101]);
    for (const f of [take, plan]) {
      const p = f(b, spec({ limitPrice: 101, qty: 5 }));
      expect([p.count, p.filledQty, p.stop, p.fills.length]).toEqual([0, 0, 'limit', 0]);
    }
    const amt = take(b, spec({ limitPrice: 101, qty: 5, amt: 10n }));
    expect(amt.filledAmt).toBe(0n);
    expect(take(b, spec({ limitPrice: 102, qty: 2 })).filledQty).toBe(2);
  });
});

describe('eachFill', () => {
  it('hands the same fills as pl.fills, the maker readable during the call', () => {
    const b = new OrderBook();
    b.insert(1, 1, 3, 'sell', 100, 5);
    b.insert(2, 2, 4, 'sell', 101, 5);
    const got: RestingOrder[] = [];
    const sink: FillSink = {
      fill: (m, price, qty) => {
        got.push({ ...pick(m), price, remaining: qty });
      },
    };
    const pl = take(b, spec({ qty: 7 }));
    eachFill(pl, sink);
    expect(got).toEqual(pl.fills.map((f) => ({ ...pick(f.maker), price: f.price, remaining: f.qty })));
    expect(got).toEqual([
      { id: 1, userId: 1, accountSeq: 3, side: 'sell', price: 100, remaining: 5 },
      { id: 2, userId: 2, accountSeq: 4, side: 'sell', price: 101, remaining: 2 },
    ]);
  });
});

function pick(m: RestingOrder) {
  return { id: m.id, userId: m.userId, accountSeq: m.accountSeq, side: m.side };
}
