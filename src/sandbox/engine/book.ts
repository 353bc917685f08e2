/**
 * In-memory price-time-priority order book for one pair. Pure, synchronous, integer-only.
 * Each price level is a FIFO doubly linked list (O(1) append and O(1) removal); orders are found by
 * id through a Map; level prices are kept in a sorted array (best first) found by binary search.
 */
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
  constructor(readonly price: number) {}

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

class SideBook {
  /** Prices best first: bids descending, asks ascending. */
  readonly prices: number[] = [];
  readonly levels = new Map<number, Level>();
  constructor(private readonly descending: boolean) {}

  /** True when a is strictly better than b on this side. */
  better(a: number, b: number): boolean {
    return this.descending ? a > b : a < b;
  }

  private indexOf(price: number): number {
    let lo = 0;
    let hi = this.prices.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.better(this.prices[mid]!, price)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  levelFor(price: number): Level {
    let lvl = this.levels.get(price);
    if (!lvl) {
      lvl = new Level(price);
      this.levels.set(price, lvl);
      this.prices.splice(this.indexOf(price), 0, price);
    }
    return lvl;
  }

  dropIfEmpty(lvl: Level): void {
    if (lvl.count > 0) return;
    this.levels.delete(lvl.price);
    const i = this.indexOf(lvl.price);
    if (this.prices[i] === lvl.price) this.prices.splice(i, 1);
  }
}

export class OrderBook {
  readonly bids = new SideBook(true);
  readonly asks = new SideBook(false);
  readonly orders = new Map<number, RestingOrder>();

  side(s: BookSide): SideBook {
    return s === 'buy' ? this.bids : this.asks;
  }

  add(o: Omit<RestingOrder, 'prev' | 'next' | 'level'>): RestingOrder {
    if (this.orders.has(o.id)) throw new Error(`order ${o.id} already on book`);
    const r: RestingOrder = {
      id: o.id,
      userId: o.userId,
      accountSeq: o.accountSeq,
      side: o.side,
      price: o.price,
      remaining: o.remaining,
      prev: null,
      next: null,
      level: null,
    };
    this.side(o.side).levelFor(o.price).push(r);
    this.orders.set(o.id, r);
    return r;
  }

  get(id: number): RestingOrder | undefined {
    return this.orders.get(id);
  }

  remove(id: number): RestingOrder | undefined {
    const o = this.orders.get(id);
    if (!o?.level) return undefined;
    const lvl = o.level;
    lvl.unlink(o);
    this.side(o.side).dropIfEmpty(lvl);
    this.orders.delete(id);
    return o;
  }

  /** Reduces a resting order by qty (a fill); removes it when nothing remains. */
  reduce(id: number, qty: number): RestingOrder | undefined {
    const o = this.orders.get(id);
    if (!o?.level) return undefined;
    if (qty >= o.remaining) return this.remove(id);
    o.remaining -= qty;
    o.level.total -= qty;
    return o;
  }

  best(s: BookSide): number | null {
    const p = this.side(s).prices[0];
    return p === undefined ? null : p;
  }

  /** Price of the Nth level (1-based) of a side, or null. */
  nthPrice(s: BookSide, n: number): number | null {
    const p = this.side(s).prices[n - 1];
    return p === undefined ? null : p;
  }

  /** Aggregated levels best first: [price, totalQty]. */
  depth(s: BookSide, maxLevels = Number.POSITIVE_INFINITY): Array<[number, number]> {
    const sb = this.side(s);
    const out: Array<[number, number]> = [];
    for (const p of sb.prices) {
      if (out.length >= maxLevels) break;
      out.push([p, sb.levels.get(p)!.total]);
    }
    return out;
  }

  /** Resting orders of the side, best price first, FIFO within a level. Do not mutate the book while iterating. */
  *iterate(s: BookSide): Generator<RestingOrder> {
    const sb = this.side(s);
    for (const p of sb.prices) {
      let o = sb.levels.get(p)?.head ?? null;
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
