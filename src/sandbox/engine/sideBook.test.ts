import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../core/seededRandom.js';
import { OrderBook, SideBook } from './book.js';
import { cacheSlot, MAX_EMPTIES } from './sideBook.js';

function lcg(seed: number): () => number {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
}

// Level lookup and creation: a price -> level cache in front of a walk from the best end and a
// binary search. Thousands of prices overflow the cache, so lookups of existing levels take every
// path; the side must keep one level per price, sorted worst first, whatever the order of arrival,
// and its empty levels (listed until there are too many, then taken out at once) must never show.
describe('SideBook levels', () => {
  // a few levels emptied among many kept (a small LCG), or most emptied soon, over a wide range
  // (core/seededRandom): the empty levels then outnumber the rest and are taken out now and then
  const mixes = [
    { name: 'most kept', emptyChance: 0.2, far: 5000, rnd: () => lcg(11) },
    { name: 'most emptied', emptyChance: 0.9, far: 50_000, rnd: () => seededRandom(11) },
  ];
  for (const descending of [true, false])
    for (const { name, emptyChance, far, rnd: source } of mixes)
      it(`keeps one level per price in order (${descending ? 'bids' : 'asks'}, ${name})`, () => {
        const sb = new SideBook(descending);
        const rnd = source();
        const seen = new Map<number, unknown>();
        let compactions = 0;
        for (let step = 0; step < 20_000; step++) {
          // mostly near a moving best, sometimes far, scaled like exchange prices (above int32)
          const near = rnd() < 0.7;
          const price = (near ? 5000 + Math.floor(rnd() * 40) : Math.floor(rnd() * far)) * 10_000_000;
          const lvl = sb.levelFor(price);
          // as if an order rested there (what insert does)
          if (lvl.count++ === 0) sb.empties--;
          if (sb.better(price, sb.best)) sb.best = price;
          expect(lvl.price).toBe(price);
          if (seen.has(price)) expect(lvl).toBe(seen.get(price));
          seen.set(price, lvl);
          if (rnd() < emptyChance) {
            // empty a random level
            const prices = [...seen.keys()];
            const p = prices[Math.floor(rnd() * prices.length)]!;
            const l = sb.levelFor(p);
            l.count = 0;
            const listed = sb.prices.length;
            sb.emptied(l);
            if (sb.prices.length < listed) compactions++;
            seen.delete(p);
          }
        }
        const want = [...seen.keys()].sort((a, b) => (descending ? a - b : b - a));
        // empty levels may stay listed (readers skip them), in order, but never more than allowed
        const listed = sb.lvls.filter((l) => l.count > 0);
        expect(listed.map((l) => l.price)).toEqual(want);
        expect(sb.lvls.map((l) => l.price)).toEqual(sb.prices);
        expect([...sb.prices].sort((a, b) => (descending ? a - b : b - a))).toEqual(sb.prices);
        expect(new Set(sb.prices).size).toBe(sb.prices.length);
        expect(sb.empties).toBe(sb.lvls.length - listed.length);
        expect(sb.empties).toBeLessThanOrEqual(Math.max(MAX_EMPTIES, listed.length));
        // the nth best level with orders, as the book reports it
        for (let k = 1; k <= 3; k++) expect(sb.nth(k)).toBe(want[want.length - k]);
        if (emptyChance > 0.5) expect(compactions).toBeGreaterThan(2);
      });

  it('keeps emptied levels (the same level comes back) until there are too many, then takes them out', () => {
    const b = new OrderBook();
    const sb = b.bids;
    // a busy range: every level emptied and filled again, with orders resting far below
    b.insert(1, 1, 1, 'buy', 1, 5);
    const first = new Map<number, unknown>();
    let id = 2;
    for (let round = 0; round < 3; round++) {
      for (let p = 1000; p < 1000 + MAX_EMPTIES; p++) {
        b.insert(id, 1, 1, 'buy', p, 5);
        if (round === 0) first.set(p, sb.levelFor(p));
        else expect(sb.levelFor(p)).toBe(first.get(p));
        b.cancel(id++);
      }
    }
    expect(sb.empties).toBe(MAX_EMPTIES);
    expect(sb.prices.length).toBe(MAX_EMPTIES + 1);
    // readers start at the best level with orders, past all the empty ones
    expect(b.best('buy')).toBe(1);
    expect(b.nthPrice('buy', 1)).toBe(1);
    expect(b.depth('buy')).toEqual([[1, 5]]);
    b.insert(id, 1, 1, 'buy', 999, 3);
    expect(b.depth('buy')).toEqual([
      [999, 3],
      [1, 5],
    ]);
    // one more empty level than allowed: all of them are taken out at once
    b.insert(id + 1, 1, 1, 'buy', 5000, 1);
    b.cancel(id + 1);
    expect(sb.empties).toBe(0);
    expect(sb.prices).toEqual([1, 999]);
    expect(b.best('buy')).toBe(999);
  });
});

describe('the level cache entry of a price', () => {
  it('puts prices a tick apart in neighbouring entries, a block of 1024 prices on all entries', () => {
    for (const start of [0, 99_328, 2 ** 31 - 1024, 2 ** 32, 37 * 2 ** 40]) {
      const slots = new Set<number>();
      for (let p = start; p < start + 1024; p++) {
        const h = cacheSlot(p);
        expect(h).toBeGreaterThanOrEqual(0);
        expect(h).toBeLessThan(1024);
        slots.add(h);
        // eight prices in a row share one cache line of entries (eight 8-byte prices)
        if (p % 8 !== 0) expect(cacheSlot(p) >> 3).toBe(cacheSlot(p - 1) >> 3);
      }
      expect(slots.size).toBe(1024);
    }
  });

  it('spreads exchange-scaled prices (a tick of 10^4 units) over the entries', () => {
    const slots = new Set<number>();
    for (let k = 0; k < 200; k++) slots.add(cacheSlot(30_000_000 + k * 10_000));
    expect(slots.size).toBeGreaterThan(170);
  });
});
