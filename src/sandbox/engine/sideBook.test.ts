import { describe, expect, it } from 'vitest';
import { SideBook } from './book.js';

// Level lookup and creation: a price -> level cache in front of a walk from the best end and a
// binary search. Thousands of prices overflow the cache, so lookups of existing levels take every
// path; the side must keep one level per price, sorted worst first, whatever the order of arrival,
// and its empty levels (listed until there are too many) must never show.
describe('SideBook levels', () => {
  for (const descending of [true, false]) {
    it(`keeps one level per price in order (${descending ? 'bids' : 'asks'})`, () => {
      const sb = new SideBook(descending);
      const seen = new Map<number, unknown>();
      let seed = 11;
      const rnd = () => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        return seed / 2147483648;
      };
      for (let step = 0; step < 20_000; step++) {
        // mostly near a moving best, sometimes far, scaled like exchange prices (above int32)
        const near = rnd() < 0.7;
        const price = (near ? 5000 + Math.floor(rnd() * 40) : Math.floor(rnd() * 5000)) * 10_000_000;
        const lvl = sb.levelFor(price);
        if (lvl.count++ === 0) sb.empties--; // as if an order rested there (what insert does)
        expect(lvl.price).toBe(price);
        if (seen.has(price)) expect(lvl).toBe(seen.get(price));
        seen.set(price, lvl);
        if (rnd() < 0.2) {
          // empty a random level now and then
          const prices = [...seen.keys()];
          const p = prices[Math.floor(rnd() * prices.length)]!;
          const l = sb.levelFor(p);
          l.count = 0;
          sb.emptied(l);
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
      expect(sb.empties).toBeLessThanOrEqual(Math.max(64, listed.length));
      // the nth best level with orders, as the book reports it
      for (let k = 1; k <= 3; k++) expect(sb.nth(k)).toBe(want[want.length - k]);
    });
  }
});
