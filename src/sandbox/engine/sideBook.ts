/**
 * One side of a pair's book as price levels (OrderBook in book.ts holds the orders): level prices
 * and their levels in two parallel sorted arrays, worst first so the best level is the last
 * element, found by binary search; emptied levels stay listed until there are too many of them
 * (see book.ts); the best price with orders is kept as orders come and go.
 */

import { objectArray } from './objectArray.js';

export class Level {
  /** First and last slot of the FIFO (0 = none). */
  head = 0;
  tail = 0;
  count = 0;
  /** In its side's sorted arrays (possibly empty: emptied levels stay listed until a compaction). */
  listed = false;
  constructor(
    public price: number,
    /** Index in its side's level table. */
    readonly no: number,
  ) {}
}

/** Stands in the level cache for no entry (its price, NaN, matches nothing). */
const NO_LEVEL = new Level(Number.NaN, -1);

/**
 * Empty levels a side keeps listed before it takes them all out (when they also outnumber the
 * levels with orders). Levels near the touch empty and fill again all the time: each one taken out
 * is made again (a search, a shift, a cache miss) when the next order comes to its price, so many
 * are kept; readers start at the best level with orders, and the walk and the search for a new
 * best step over the empty ones.
 */
export const MAX_EMPTIES = 1024;

/**
 * Entry of a price in a side's level cache (1024 entries). The low 10 bits of the price are kept as
 * they are, so prices a tick apart (a busy range) take neighbouring entries, a few cache lines in
 * all instead of one line each; the rest of the price (its high 32 bits from a product by 2^-32,
 * exact and cheaper than a division) is hashed and mixed in, so blocks of 1024 prices land apart.
 */
export function cacheSlot(price: number): number {
  const lo = price | 0;
  return (lo ^ (Math.imul((lo >>> 10) ^ ((price * 2 ** -32) | 0), 0x9e3779b1) >>> 22)) & 1023;
}

export class SideBook {
  /** Prices worst first, best last: bids ascending, asks descending. */
  readonly prices: number[] = [];
  /** The level of each price, same order as `prices` (no lookup by price on a sweep). */
  readonly lvls: Level[] = objectArray();
  /** Every level this side ever made, by level number (orders name their level by number). */
  readonly table: Level[] = objectArray();
  /** Summed remaining quantity of each level, by level number (numbers in a typed array, like the orders). */
  totals = new Float64Array(64);
  private readonly spare: Level[] = objectArray();
  /** Listed levels without orders. */
  empties = 0;
  /** While true (a sweep walks the arrays by index), empty levels are not taken out. */
  holding = false;
  /**
   * Price of the best level with orders, kept as orders come and go (the matching call reads it to
   * see at once that a limit crosses nothing); `none` (-Infinity for bids, Infinity for asks) when
   * the side has no orders.
   */
  best: number;
  readonly none: number;
  /** The best level emptied: `best` is found again by the next settle(). */
  private bestGone = false;
  constructor(readonly descending: boolean) {
    this.none = descending ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
    this.best = this.none;
  }

  /** True when a is strictly better than b on this side. */
  better(a: number, b: number): boolean {
    return this.descending ? a > b : a < b;
  }

  /** Index of the first price that is not worse than `price` (where it would be inserted). */
  indexOf(price: number): number {
    const prices = this.prices;
    let lo = 0;
    let hi = prices.length;
    if (this.descending) {
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (prices[mid]! < price) lo = mid + 1;
        else hi = mid;
      }
    } else {
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (prices[mid]! > price) lo = mid + 1;
        else hi = mid;
      }
    }
    return lo;
  }

  /**
   * Direct-mapped cache price -> level in front of the binary search: the price of each entry in a
   * typed array (one compare, no object read on a miss) and its level beside it. An entry stays
   * right while its level is listed at that price; a compaction (the only way a level leaves the
   * arrays or changes price) empties the cache.
   */
  private readonly cachePrice = new Float64Array(1024).fill(Number.NaN);
  private readonly cacheLevel: Level[] = new Array<Level>(1024).fill(NO_LEVEL);

  levelFor(price: number): Level {
    const h = cacheSlot(price);
    if (this.cachePrice[h] === price) return this.cacheLevel[h]!;
    const lvl = this.find(price);
    this.cachePrice[h] = price;
    this.cacheLevel[h] = lvl;
    return lvl;
  }

  private find(price: number): Level {
    const prices = this.prices;
    const n = prices.length;
    // a new level is usually near the best (the end): walk back over up to 8 better prices, then
    // fall back to the binary search
    const desc = this.descending;
    const stop = n > 8 ? n - 8 : 0;
    let i = n;
    while (i > stop && (desc ? prices[i - 1]! > price : prices[i - 1]! < price)) i--;
    if (i > stop || i === 0) {
      if (i > 0 && prices[i - 1] === price) return this.lvls[i - 1]!;
    } else {
      i = this.indexOf(price);
      if (prices[i] === price) return this.lvls[i]!;
    }
    let lvl = this.spare.pop();
    this.empties++;
    if (lvl) lvl.price = price;
    else {
      lvl = new Level(price, this.table.length);
      this.table.push(lvl);
      if (lvl.no === this.totals.length) {
        const t = new Float64Array(lvl.no * 2);
        t.set(this.totals);
        this.totals = t;
      }
    }
    lvl.listed = true;
    if (i === n) {
      prices.push(price);
      this.lvls.push(lvl);
    } else {
      // shift the better prices up by one by hand: splice would allocate its result array
      const lvls = this.lvls;
      prices.push(prices[n - 1]!);
      lvls.push(lvls[n - 1]!);
      for (let j = n - 1; j > i; j--) {
        prices[j] = prices[j - 1]!;
        lvls[j] = lvls[j - 1]!;
      }
      prices[i] = price;
      lvls[i] = lvl;
    }
    return lvl;
  }

  /** A level lost its last order: it stays listed (the next order at its price finds it) until too many are empty. */
  emptied(lvl: Level): void {
    this.totals[lvl.no] = 0;
    this.empties++;
    if (lvl.price === this.best) this.bestGone = true;
    if (!this.holding) this.settle();
  }

  /** Takes the empty levels out when there are too many, and finds the best price again when its level emptied (a sweep calls it once done). */
  settle(): void {
    if (this.bestGone) this.findBest();
    if (this.empties > MAX_EMPTIES && this.empties > this.prices.length - this.empties) this.compact();
  }

  /**
   * The best price with orders, after the best level emptied: read downwards from where the old
   * best is listed (emptied levels stay listed, so it is found by a binary search), not from the
   * best end, past which many emptied levels may lie.
   */
  private findBest(): void {
    this.bestGone = false;
    const lvls = this.lvls;
    let i = this.prices[this.bestAt] === this.best ? this.bestAt : this.indexOf(this.best);
    if (i >= lvls.length || this.prices[i] !== this.best) i = lvls.length - 1;
    for (; i >= 0; i--) {
      if (lvls[i]!.count > 0) {
        this.best = this.prices[i]!;
        this.bestAt = i;
        return;
      }
    }
    this.best = this.none;
  }

  /** Where `best` was last found in `prices` (checked before use: prices are unique per side). */
  private bestAt = 0;

  /** Index of the best level with orders, or -1 when the side has none. */
  bestIndex(): number {
    const best = this.best;
    if (best === this.none) return -1;
    // levels come and go around it, so the kept index is checked and searched for again when stale
    if (this.prices[this.bestAt] === best) return this.bestAt;
    this.bestAt = this.indexOf(best);
    return this.bestAt;
  }

  /** Takes every empty level out of the sorted arrays. */
  private compact(): void {
    const prices = this.prices;
    const lvls = this.lvls;
    let w = 0;
    for (let r = 0; r < lvls.length; r++) {
      const lvl = lvls[r]!;
      if (lvl.count === 0) {
        lvl.listed = false;
        lvl.head = lvl.tail = 0;
        this.spare.push(lvl);
        continue;
      }
      prices[w] = prices[r]!;
      lvls[w++] = lvl;
    }
    prices.length = w;
    lvls.length = w;
    this.empties = 0;
    this.cachePrice.fill(Number.NaN);
  }

  /** Price of the nth best level with orders (1-based), or undefined. */
  nth(n: number): number | undefined {
    const lvls = this.lvls;
    // from the best level with orders: the empty levels past it may be many
    for (let i = this.bestIndex(); i >= 0; i--) if (lvls[i]!.count > 0 && --n === 0) return lvls[i]!.price;
    return undefined;
  }
}
