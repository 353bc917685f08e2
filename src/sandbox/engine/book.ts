/**
 * In-memory price-time-priority order book for one pair. Pure, synchronous, integer-only.
 * Each price level is a FIFO doubly linked list (O(1) append and O(1) removal); orders are found by
 * id through an open-addressing index (idIndex.ts); level prices and their levels are kept in two
 * parallel sorted arrays found by binary search, stored worst first so the best level is the last element: taking out the best level (the common case, a
 * sweep) is a pop, not a shift of every other price.
 * Order and level objects that leave the book are kept and reused by later inserts (a deep book
 * would otherwise keep promoting fresh long-lived objects to the old generation): do not hold on
 * to a RestingOrder after it was removed or filled beyond the operation that did it.
 */

import { IdIndex } from './idIndex.js';

const POOL_MAX = 1 << 16;

export type BookSide = 'buy' | 'sell';

export interface RestingOrder {
  id: number;
  userId: number;
  accountSeq: number;
  side: BookSide;
  /** Scaled integer price. */
  price: number;
  /** Remaining quantity in smallest units. */
  remaining: number;
  prev: RestingOrder | null;
  next: RestingOrder | null;
  level: Level | null;
}

export class Level {
  head: RestingOrder | null = null;
  tail: RestingOrder | null = null;
  total = 0;
  count = 0;
  constructor(public price: number) {}

  push(o: RestingOrder): void {
    o.level = this;
    o.prev = this.tail;
    o.next = null;
    if (this.tail) this.tail.next = o;
    else this.head = o;
    this.tail = o;
    this.total += o.remaining;
    this.count++;
  }

  unlink(o: RestingOrder): void {
    if (o.prev) o.prev.next = o.next;
    else this.head = o.next;
    if (o.next) o.next.prev = o.prev;
    else this.tail = o.prev;
    this.total -= o.remaining;
    this.count--;
    o.prev = o.next = null;
    o.level = null;
  }
}

export class SideBook {
  /** Prices worst first, best last: bids ascending, asks descending. */
  readonly prices: number[] = [];
  /** The level of each price, same order as `prices` (no lookup by price on a sweep). */
  readonly lvls: Level[] = [];
  private readonly spare: Level[] = [];
  constructor(readonly descending: boolean) {}

  /** True when a is strictly better than b on this side. */
  better(a: number, b: number): boolean {
    return this.descending ? a > b : a < b;
  }

  /** Index of the first price that is not worse than `price` (where it would be inserted). */
  private indexOf(price: number): number {
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

  /** The level at `price`, or undefined. */
  level(price: number): Level | undefined {
    const i = this.indexOf(price);
    return this.prices[i] === price ? this.lvls[i] : undefined;
  }

  levelFor(price: number): Level {
    const prices = this.prices;
    const n = prices.length;
    let i = n;
    if (n > 0 && !this.better(price, prices[n - 1]!)) {
      if (prices[n - 1] === price) return this.lvls[n - 1]!;
      i = this.indexOf(price);
      if (prices[i] === price) return this.lvls[i]!;
    }
    let lvl = this.spare.pop();
    if (lvl) lvl.price = price;
    else lvl = new Level(price);
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

  dropIfEmpty(lvl: Level): void {
    if (lvl.count > 0) return;
    const last = this.prices.length - 1;
    if (this.lvls[last] === lvl) {
      this.prices.pop();
      this.lvls.pop();
    } else {
      const i = this.indexOf(lvl.price);
      if (this.lvls[i] === lvl) {
        const prices = this.prices;
        const lvls = this.lvls;
        for (let j = i; j < last; j++) {
          prices[j] = prices[j + 1]!;
          lvls[j] = lvls[j + 1]!;
        }
        prices.pop();
        lvls.pop();
      }
    }
    lvl.head = lvl.tail = null;
    lvl.total = 0;
    if (this.spare.length < 1024) this.spare.push(lvl);
  }

  /** Price of the nth best level (1-based), or undefined. */
  nth(n: number): number | undefined {
    return this.prices[this.prices.length - n];
  }
}

export class OrderBook {
  readonly bids = new SideBook(true);
  readonly asks = new SideBook(false);
  readonly orders = new IdIndex<RestingOrder>();
  private readonly spare: RestingOrder[] = [];

  side(s: BookSide): SideBook {
    return s === 'buy' ? this.bids : this.asks;
  }

  add(o: Omit<RestingOrder, 'prev' | 'next' | 'level'>): RestingOrder {
    return this.insert(o.id, o.userId, o.accountSeq, o.side, o.price, o.remaining);
  }

  /** add() without the argument object. */
  insert(
    id: number,
    userId: number,
    accountSeq: number,
    side: BookSide,
    price: number,
    remaining: number,
  ): RestingOrder {
    let r = this.spare.pop();
    if (r) {
      r.id = id;
      r.userId = userId;
      r.accountSeq = accountSeq;
      r.side = side;
      r.price = price;
      r.remaining = remaining;
    } else r = { id, userId, accountSeq, side, price, remaining, prev: null, next: null, level: null };
    if (!this.orders.add(id, r)) {
      this.spare.push(r);
      throw new Error(`order ${id} already on book`);
    }
    (side === 'buy' ? this.bids : this.asks).levelFor(price).push(r);
    return r;
  }

  get(id: number): RestingOrder | undefined {
    return this.orders.get(id);
  }

  remove(id: number): RestingOrder | undefined {
    const o = this.orders.take(id);
    if (!o) return undefined;
    this.unhook(o);
    return o;
  }

  private detach(o: RestingOrder): void {
    this.orders.delete(o.id);
    this.unhook(o);
  }

  /** Out of its level (dropping the level when empty) and kept for reuse by a later insert. */
  private unhook(o: RestingOrder): void {
    const lvl = o.level!;
    lvl.unlink(o);
    (o.side === 'buy' ? this.bids : this.asks).dropIfEmpty(lvl);
    if (this.spare.length < POOL_MAX) this.spare.push(o);
  }

  /** Reduces a resting order by qty (a fill); removes it when nothing remains. */
  reduce(id: number, qty: number): RestingOrder | undefined {
    const o = this.orders.get(id);
    if (!o?.level) return undefined;
    this.fill(o, qty);
    return o;
  }

  /** reduce() for an order already in hand (no lookup by id). */
  fill(o: RestingOrder, qty: number): void {
    if (!o.level) return;
    if (qty >= o.remaining) this.detach(o);
    else {
      o.remaining -= qty;
      o.level.total -= qty;
    }
  }

  best(s: BookSide): number | null {
    return this.side(s).nth(1) ?? null;
  }

  /** Price of the Nth level (1-based) of a side, or null. */
  nthPrice(s: BookSide, n: number): number | null {
    return n >= 1 ? (this.side(s).nth(n) ?? null) : null;
  }

  /** Aggregated levels best first: [price, totalQty]. */
  depth(s: BookSide, maxLevels = Number.POSITIVE_INFINITY): Array<[number, number]> {
    const sb = this.side(s);
    const out: Array<[number, number]> = [];
    for (let i = sb.prices.length - 1; i >= 0 && out.length < maxLevels; i--) {
      const p = sb.prices[i]!;
      out.push([p, sb.lvls[i]!.total]);
    }
    return out;
  }

  /** Resting orders of the side, best price first, FIFO within a level. Do not mutate the book while iterating. */
  *iterate(s: BookSide): Generator<RestingOrder> {
    const sb = this.side(s);
    for (let i = sb.prices.length - 1; i >= 0; i--) {
      let o = sb.lvls[i]?.head ?? null;
      while (o) {
        const next = o.next;
        yield o;
        o = next;
      }
    }
  }

  /** True when a price on `side` would cross the opposite best. */
  crosses(s: BookSide, price: number): boolean {
    const opp = this.best(s === 'buy' ? 'sell' : 'buy');
    if (opp === null) return false;
    return s === 'buy' ? price >= opp : price <= opp;
  }
}
