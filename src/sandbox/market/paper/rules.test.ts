import { describe, expect, it } from 'vitest';
import type { IntLevel } from '../source.js';
import {
  allocateTrade,
  averagePrice,
  consume,
  mergeLevels,
  newConsumption,
  queueAhead,
  type RestingPaperOrder,
  remainingLevels,
  takerWalk,
} from './rules.js';

// hand-worked units: price x 10^4, qty x 10^8
const P = (won: number) => won * 10_000;
const Q = (coins: number) => Math.round(coins * 1e8);

// asks 100 (0.5), 101 (1), 103 (2); bids 99 (1), 98 (3)
const asks: IntLevel[] = [
  [P(100), Q(0.5)],
  [P(101), Q(1)],
  [P(103), Q(2)],
];

describe('taker walk over the source book', () => {
  it('a buy of 1.2 takes 0.5 at 100 and 0.7 at 101 (average 100.5833)', () => {
    const f = takerWalk(asks, { side: 'buy', limitPrice: null, qty: Q(1.2), amt: null });
    expect(f).toEqual([
      { price: P(100), qty: Q(0.5) },
      { price: P(101), qty: Q(0.7) },
    ]);
    // (0.5 x 100 + 0.7 x 101) / 1.2 = 120.7 / 1.2 = 100.58333..
    expect(averagePrice(f)).toBe(1_005_833);
  });

  it('a limit buy at 101 stops before 103 and leaves the rest', () => {
    const f = takerWalk(asks, { side: 'buy', limitPrice: P(101), qty: Q(5), amt: null });
    expect(f.map((x) => x.price)).toEqual([P(100), P(101)]);
    expect(f.reduce((s, x) => s + x.qty, 0)).toBe(Q(1.5));
  });

  it('a market buy of 200 won: 0.5 at 100 (50 won), then floor(150 / 101) in coin units at 101', () => {
    const amt = BigInt(P(200)) * 10n ** 8n; // 200 won in ledger units (10^12)
    const f = takerWalk(asks, { side: 'buy', limitPrice: null, qty: null, amt });
    expect(f[0]).toEqual({ price: P(100), qty: Q(0.5) });
    // 150 won / 101 won = 1.48514851 coins, but the level has 1 coin
    expect(f[1]).toEqual({ price: P(101), qty: Q(1) });
    // 49 won left / 103 = 0.47572815 coins (floored to 10^-8)
    expect(f[2]).toEqual({ price: P(103), qty: 47_572_815 });
  });

  it('a level consumed is not offered again until the next snapshot', () => {
    const c = newConsumption(7);
    consume(c, 'asks', P(100), Q(0.5));
    consume(c, 'asks', P(101), Q(0.25));
    const left = remainingLevels(asks, c.asks);
    expect(left).toEqual([
      [P(101), Q(0.75)],
      [P(103), Q(2)],
    ]);
    const f = takerWalk(left, { side: 'buy', limitPrice: null, qty: Q(1), amt: null });
    expect(f).toEqual([
      { price: P(101), qty: Q(0.75) },
      { price: P(103), qty: Q(0.25) },
    ]);
    // a new snapshot starts a new consumption: the whole book again
    expect(remainingLevels(asks, newConsumption(8).asks)).toEqual(asks);
  });

  it('a sell walks the bids down', () => {
    const bids: IntLevel[] = [
      [P(99), Q(1)],
      [P(98), Q(3)],
    ];
    const f = takerWalk(bids, { side: 'sell', limitPrice: P(98), qty: Q(2), amt: null });
    expect(f).toEqual([
      { price: P(99), qty: Q(1) },
      { price: P(98), qty: Q(1) },
    ]);
  });
});

describe('resting fills from source trades', () => {
  const bid = (orderId: number, won: number, qty: number, ahead = 0): RestingPaperOrder => ({
    orderId,
    side: 'buy',
    price: P(won),
    remaining: Q(qty),
    ahead: Q(ahead),
  });

  it('a trade through the price fills at the order price, up to the trade size', () => {
    const a = allocateTrade([bid(1, 100, 2)], { price: P(99), qty: Q(0.5) });
    expect(a.side).toBe('buy');
    expect(a.fills).toEqual([{ orderId: 1, price: P(100), qty: Q(0.5) }]);
  });

  it('a trade above a bid does not reach it', () => {
    const a = allocateTrade([bid(1, 100, 2)], { price: P(101), qty: Q(5) });
    expect(a.side).toBeNull();
    expect(a.fills).toEqual([]);
  });

  it('at the price: the volume ahead is used up first, then the order fills', () => {
    let o = bid(1, 100, 1, 1.5);
    // 1.0 traded at 100: ahead 1.5 -> 0.5, nothing filled
    let a = allocateTrade([o], { price: P(100), qty: Q(1) });
    expect(a.fills).toEqual([]);
    expect(a.ahead.get(1)).toBe(Q(0.5));
    o = { ...o, ahead: a.ahead.get(1)! };
    // 0.8 traded at 100: 0.5 finishes the queue, 0.3 fills the order
    a = allocateTrade([o], { price: P(100), qty: Q(0.8) });
    expect(a.fills).toEqual([{ orderId: 1, price: P(100), qty: Q(0.3) }]);
    expect(a.ahead.get(1)).toBe(0);
  });

  it('better-priced orders first (best price, then oldest), the rest of the trade goes to the queue at T', () => {
    const orders = [bid(5, 100, 1, 0.2), bid(3, 101, 0.4), bid(4, 102, 0.3), bid(2, 101, 0.1)];
    const a = allocateTrade(orders, { price: P(100), qty: Q(1) });
    // 0.3 at 102, then 101 oldest first (id 2: 0.1, id 3: 0.4) = 0.8; 0.2 left at 100 = the queue
    expect(a.fills).toEqual([
      { orderId: 4, price: P(102), qty: Q(0.3) },
      { orderId: 2, price: P(101), qty: Q(0.1) },
      { orderId: 3, price: P(101), qty: Q(0.4) },
    ]);
    expect(a.ahead.get(5)).toBe(0);
  });

  it('orders at one price fill oldest first once their queues are used up (a prefix of the priority)', () => {
    const a = allocateTrade([bid(1, 100, 0.5, 0), bid(2, 100, 0.5, 0.2)], { price: P(100), qty: Q(0.6) });
    // order 1 (nothing ahead) takes 0.5; order 2: 0.6 - 0.2 ahead = 0.4 reaches it, 0.5 already taken
    expect(a.fills).toEqual([{ orderId: 1, price: P(100), qty: Q(0.5) }]);
    const b = allocateTrade([bid(1, 100, 0.5, 0), bid(2, 100, 0.5, 0.2)], { price: P(100), qty: Q(1.2) });
    expect(b.fills).toEqual([
      { orderId: 1, price: P(100), qty: Q(0.5) },
      { orderId: 2, price: P(100), qty: Q(0.5) },
    ]);
  });

  it('asks: a trade at or above reaches them, lowest price first', () => {
    const asksR: RestingPaperOrder[] = [
      { orderId: 1, side: 'sell', price: P(105), remaining: Q(1), ahead: 0 },
      { orderId: 2, side: 'sell', price: P(104), remaining: Q(1), ahead: 0 },
    ];
    const a = allocateTrade(asksR, { price: P(106), qty: Q(1.5) });
    expect(a.side).toBe('sell');
    expect(a.fills).toEqual([
      { orderId: 2, price: P(104), qty: Q(1) },
      { orderId: 1, price: P(105), qty: Q(0.5) },
    ]);
  });

  it('the queue of a new order is the visible size, never less than an older order at that price', () => {
    expect(queueAhead(Q(2), [])).toBe(Q(2));
    expect(queueAhead(Q(1), [{ ahead: Q(1.5) }])).toBe(Q(1.5));
    expect(queueAhead(Q(3), [{ ahead: Q(1.5) }])).toBe(Q(3));
  });
});

describe('served book', () => {
  it('merges the source levels with the sandbox resting orders, summing equal prices', () => {
    const src: IntLevel[] = [
      [P(100), Q(1)],
      [P(101), Q(2)],
    ];
    const mine: IntLevel[] = [
      [P(99), Q(0.1)],
      [P(101), Q(0.5)],
    ];
    expect(mergeLevels(src, mine, 'sell', 10)).toEqual([
      [P(99), Q(0.1)],
      [P(100), Q(1)],
      [P(101), Q(2.5)],
    ]);
    expect(mergeLevels(src, mine, 'sell', 2)).toHaveLength(2);
  });
});
