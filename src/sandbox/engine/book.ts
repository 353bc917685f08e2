/**
 * In-memory price-time-priority order book for one pair. Pure, synchronous, integer-only.
 * Resting orders live in one Float64Array, a 64-byte record each (slots.ts), found by id through an
 * id -> slot index paged by 4096 ids (slotIndex.ts); each price level is a FIFO doubly linked list of
 * slots (O(1) append and O(1) removal). Level prices and their levels are kept in two parallel
 * sorted arrays found by binary search, stored worst first so the best level is the last element.
 * A level that loses its last order stays listed, empty, and readers skip it: on a busy pair the
 * levels near the touch empty and fill again all the time, and the next order at that price finds
 * its level at once instead of making one and shifting it into place (taking emptied levels at the
 * best end off at once was tried: it made nine times as many levels anew on the deep bench stream,
 * and cost more than it saved). Empty levels are taken out all at once when there are more of them
 * than levels with orders (and more than MAX_EMPTIES). Each side keeps its best price with orders
 * (`best`), so a limit that crosses nothing is seen at once, whatever lies empty at the best end.
 * Callers see orders as RestingOrder snapshots (get, remove, iterate, the makers of a plan): plain
 * objects read from the arrays when asked for, valid as values, not live views of the book.
 */

import { objectArray } from './objectArray.js';
import { SlotIndex } from './slotIndex.js';
import { ID, META, NEXT, PREV, PRICE, REM, SEQ, Slots, USER } from './slots.js';

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
}

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

/** Empty levels a side keeps listed before it takes them all out. */
const MAX_EMPTIES = 64;

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
   * Direct-mapped cache price -> level in front of the binary search. An entry is right when its
   * level still has that price and is listed (a compacted level is not; a reused one has a new
   * price), so taking levels out needs no invalidation.
   */
  private readonly cache: Array<Level | null> = new Array<Level | null>(1024).fill(null);

  private static hash(price: number): number {
    // low and high 32 bits (a product by 2^-32 is exact, and cheaper than a division)
    return Math.imul((price | 0) ^ ((price * 2 ** -32) | 0), 0x9e3779b1) >>> 22;
  }

  levelFor(price: number): Level {
    const h = SideBook.hash(price);
    const c = this.cache[h]!;
    if (c !== null && c.price === price && c.listed) return c;
    const lvl = this.find(price);
    this.cache[h] = lvl;
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
    let i = this.indexOf(this.best);
    if (i >= lvls.length || this.prices[i] !== this.best) i = lvls.length - 1;
    for (; i >= 0; i--) {
      if (lvls[i]!.count > 0) {
        this.best = this.prices[i]!;
        return;
      }
    }
    this.best = this.none;
  }

  /** Index of the best level with orders, or -1 when the side has none. */
  bestIndex(): number {
    return this.best === this.none ? -1 : this.indexOf(this.best);
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
  }

  /** Price of the nth best level with orders (1-based), or undefined. */
  nth(n: number): number | undefined {
    const lvls = this.lvls;
    for (let i = lvls.length - 1; i >= 0; i--) if (lvls[i]!.count > 0 && --n === 0) return lvls[i]!.price;
    return undefined;
  }
}

export class OrderBook {
  readonly bids = new SideBook(true);
  readonly asks = new SideBook(false);
  /** Order id -> slot; `orders.size` is the number of resting orders. */
  readonly orders = new SlotIndex();
  readonly slots = new Slots();

  side(s: BookSide): SideBook {
    return s === 'buy' ? this.bids : this.asks;
  }

  add(o: RestingOrder): RestingOrder {
    this.insert(o.id, o.userId, o.accountSeq, o.side, o.price, o.remaining);
    return this.view(this.orders.get(o.id));
  }

  /** add() without the argument object (and without a snapshot to return). */
  insert(
    id: number,
    userId: number,
    accountSeq: number,
    side: BookSide,
    price: number,
    remaining: number,
  ): void {
    const S = this.slots;
    const s = S.alloc();
    if (!this.orders.add(id, s)) {
      S.release(s);
      throw new Error(`order ${id} already on book`);
    }
    const buy = side === 'buy';
    const sb = buy ? this.bids : this.asks;
    const lvl = sb.levelFor(price);
    const d = S.d;
    const t = lvl.tail;
    d[s + ID] = id;
    d[s + USER] = userId;
    d[s + SEQ] = accountSeq;
    d[s + PRICE] = price;
    d[s + REM] = remaining;
    const I = S.i;
    const s2 = s << 1;
    I[s2 + META] = lvl.no * 2 + (buy ? 0 : 1);
    I[s2 + NEXT] = 0;
    I[s2 + PREV] = t;
    if (t !== 0) I[(t << 1) + NEXT] = s;
    else lvl.head = s;
    lvl.tail = s;
    const totals = sb.totals;
    totals[lvl.no] = totals[lvl.no]! + remaining;
    if (lvl.count++ === 0) sb.empties--;
    if (buy ? price > sb.best : price < sb.best) sb.best = price;
  }

  /** A snapshot of the order in slot s. */
  view(s: number): RestingOrder {
    const d = this.slots.d;
    return {
      id: d[s + ID]!,
      userId: d[s + USER]!,
      accountSeq: d[s + SEQ]!,
      side: (this.slots.i[(s << 1) + META]! & 1) === 0 ? 'buy' : 'sell',
      price: d[s + PRICE]!,
      remaining: d[s + REM]!,
    };
  }

  get(id: number): RestingOrder | undefined {
    const s = this.orders.get(id);
    return s === 0 ? undefined : this.view(s);
  }

  /** Takes the order off the book; its snapshot as it rested, or undefined when it was not there. */
  remove(id: number): RestingOrder | undefined {
    const s = this.orders.take(id);
    if (s === 0) return undefined;
    const o = this.view(s);
    this.unhook(s);
    return o;
  }

  /** remove() without the snapshot: true when the order was on the book. */
  cancel(id: number): boolean {
    const s = this.orders.take(id);
    if (s === 0) return false;
    this.unhook(s);
    return true;
  }

  /** Out of its level (dropping the level when empty); the slot goes back to the free stack. */
  private unhook(s: number): void {
    const d = this.slots.d;
    const I = this.slots.i;
    const s2 = s << 1;
    const meta = I[s2 + META]!;
    const sb = (meta & 1) === 0 ? this.bids : this.asks;
    const lvl = sb.table[meta >> 1]!;
    const p = I[s2 + PREV]!;
    const n = I[s2 + NEXT]!;
    if (p !== 0) I[(p << 1) + NEXT] = n;
    else lvl.head = n;
    if (n !== 0) I[(n << 1) + PREV] = p;
    else lvl.tail = p;
    sb.totals[lvl.no] = sb.totals[lvl.no]! - d[s + REM]!;
    if (--lvl.count === 0) sb.emptied(lvl);
    this.slots.release(s);
  }

  /** Reduces a resting order by qty (a fill); removes it when nothing remains. */
  reduce(id: number, qty: number): RestingOrder | undefined {
    const s = this.orders.get(id);
    if (s === 0) return undefined;
    this.fillSlot(s, qty);
    return this.view(s);
  }

  /** reduce() for an order in hand; nothing when it is no longer on the book. */
  fill(o: RestingOrder, qty: number): void {
    const s = this.orders.get(o.id);
    if (s !== 0) this.fillSlot(s, qty);
  }

  /**
   * Takes the first k orders of a level off the book whole (a sweep filled them): slot `first` is
   * the level's head. One link update and one level update for the run instead of one per order.
   */
  sweep(first: number, k: number): void {
    const d = this.slots.d;
    const I = this.slots.i;
    const meta = I[(first << 1) + META]!;
    const sb = (meta & 1) === 0 ? this.bids : this.asks;
    const lvl = sb.table[meta >> 1]!;
    const orders = this.orders;
    const slots = this.slots;
    let s = first;
    let removed = 0;
    for (let j = 0; j < k; j++) {
      const next = I[(s << 1) + NEXT]!;
      removed += d[s + REM]!;
      orders.take(d[s + ID]!);
      slots.release(s);
      s = next;
    }
    lvl.head = s;
    if (s !== 0) I[(s << 1) + PREV] = 0;
    else lvl.tail = 0;
    sb.totals[lvl.no] = sb.totals[lvl.no]! - removed;
    lvl.count -= k;
    if (lvl.count === 0) sb.emptied(lvl);
  }

  /** A fill of the order in slot s (a slot a plan found on this unchanged book). */
  fillSlot(s: number, qty: number): void {
    const d = this.slots.d;
    const rem = d[s + REM]!;
    if (qty >= rem) {
      this.orders.take(d[s + ID]!);
      this.unhook(s);
    } else {
      d[s + REM] = rem - qty;
      const meta = this.slots.i[(s << 1) + META]!;
      const totals = ((meta & 1) === 0 ? this.bids : this.asks).totals;
      totals[meta >> 1] = totals[meta >> 1]! - qty;
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
      if (sb.lvls[i]!.count > 0) out.push([sb.prices[i]!, sb.totals[sb.lvls[i]!.no]!]);
    }
    return out;
  }

  /** Resting orders of the side, best price first, FIFO within a level. Do not mutate the book while iterating. */
  *iterate(s: BookSide): Generator<RestingOrder> {
    const sb = this.side(s);
    for (let i = sb.prices.length - 1; i >= 0; i--) {
      let o = sb.lvls[i]!.head;
      while (o !== 0) {
        const next = this.slots.i[(o << 1) + NEXT]!;
        yield this.view(o);
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
