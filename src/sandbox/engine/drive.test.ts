import { describe, expect, it } from 'vitest';
import { OrderBook, type RestingOrder } from './book.js';
import { cancelOrder, type FillSink, type PlaceSpec, placeOrder, remainderToRest } from './drive.js';
import type { MatchPlan, TakerSpec } from './match.js';

class Sink implements FillSink {
  fills: Array<[number, number, number]> = [];
  fill(maker: RestingOrder, price: number, qty: number): void {
    this.fills.push([maker.id, price, qty]);
  }
}

const taker = (t: Partial<TakerSpec>): TakerSpec => ({
  userId: 9,
  side: 'buy',
  limitPrice: null,
  qty: null,
  amt: null,
  protectPrice: null,
  ...t,
});
const gtc = (id: number): PlaceSpec => ({ id, accountSeq: 1, fok: false, rests: true });

/** Asks 100 x 5 (id 1, user 1), 100 x 5 (id 2, user 2), 101 x 10 (id 3, user 3). */
function book(): OrderBook {
  const b = new OrderBook();
  b.insert(1, 1, 1, 'sell', 100, 5);
  b.insert(2, 2, 1, 'sell', 100, 5);
  b.insert(3, 3, 1, 'sell', 101, 10);
  return b;
}

describe('placeOrder', () => {
  it('a limit that does not cross rests whole at once', () => {
    const b = book();
    const s = new Sink();
    const r = placeOrder(b, taker({ limitPrice: 99, qty: 7 }), gtc(10), s);
    expect(r.plan?.count).toBe(0);
    expect(r.plan?.stop).toBe('limit');
    expect(r.rested).toBe(7);
    expect(s.fills).toEqual([]);
    expect(b.get(10)).toMatchObject({ userId: 9, side: 'buy', price: 99, remaining: 7 });
  });

  it('a crossing limit fills in price-time order at the makers prices, then rests the rest at its limit', () => {
    const b = book();
    const s = new Sink();
    const r = placeOrder(b, taker({ limitPrice: 100, qty: 12 }), gtc(10), s);
    expect(s.fills).toEqual([
      [1, 100, 5],
      [2, 100, 5],
    ]);
    expect(r.rested).toBe(2);
    expect(b.depth('buy')).toEqual([[100, 2]]);
    expect(b.depth('sell')).toEqual([[101, 10]]);
  });

  it('meeting its own order stops the match and rests nothing', () => {
    const b = book();
    const s = new Sink();
    const r = placeOrder(b, taker({ userId: 2, limitPrice: 101, qty: 20 }), gtc(10), s);
    expect(s.fills).toEqual([[1, 100, 5]]);
    expect(r.plan?.stop).toBe('selfTrade');
    expect(r.plan?.selfMaker?.id).toBe(2);
    expect(r.rested).toBe(0);
    expect(b.get(10)).toBeUndefined();
  });

  it('an order that may not rest (market, ioc) leaves nothing on the book', () => {
    const b = book();
    const r = placeOrder(
      b,
      taker({ qty: 30 }),
      { id: 10, accountSeq: 1, fok: false, rests: false },
      new Sink(),
    );
    expect(r.plan?.filledQty).toBe(20);
    expect(r.rested).toBe(0);
    expect(b.orders.size).toBe(0);
  });

  it('fill-or-kill that cannot fill whole gives up with the book untouched; one that can fills', () => {
    const b = book();
    const fok = { id: 10, accountSeq: 1, fok: true, rests: false };
    const s = new Sink();
    expect(placeOrder(b, taker({ limitPrice: 100, qty: 11 }), fok, s).plan).toBeNull();
    expect(s.fills).toEqual([]);
    expect(b.depth('sell')).toEqual([
      [100, 10],
      [101, 10],
    ]);
    const r = placeOrder(b, taker({ limitPrice: 101, qty: 11 }), fok, s);
    expect(r.plan?.filledQty).toBe(11);
    expect(s.fills).toEqual([
      [1, 100, 5],
      [2, 100, 5],
      [3, 101, 1],
    ]);
  });

  it('the remainder rule: nothing after a protection or self-trade stop, or without a limit price', () => {
    const pl: Pick<MatchPlan, 'stop' | 'filledQty'> = { filledQty: 3, stop: 'limit' };
    const t = taker({ limitPrice: 100, qty: 10 });
    expect(remainderToRest(t, gtc(1), { ...pl })).toBe(7);
    expect(remainderToRest(t, gtc(1), { ...pl, stop: 'protection' })).toBe(0);
    expect(remainderToRest(t, gtc(1), { ...pl, stop: 'selfTrade' })).toBe(0);
    expect(remainderToRest(taker({ qty: 10 }), gtc(1), { ...pl })).toBe(0);
    expect(remainderToRest(t, { ...gtc(1), rests: false }, { ...pl })).toBe(0);
    expect(remainderToRest(t, gtc(1), { ...pl, filledQty: 10, stop: 'complete' })).toBe(0);
  });
});

describe('cancelOrder', () => {
  it('takes a resting order off once', () => {
    const b = book();
    expect(cancelOrder(b, 2)).toBe(true);
    expect(cancelOrder(b, 2)).toBe(false);
    expect(b.depth('sell')).toEqual([
      [100, 5],
      [101, 10],
    ]);
  });
});
