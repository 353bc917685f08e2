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
 * This file holds the orders (OrderBook); one side's price levels are in sideBook.ts.
 */

import { Plan } from './matchPlan.js';
import type { BookSide, RestingOrder } from './resting.js';
import { SideBook } from './sideBook.js';
import { SlotIndex } from './slotIndex.js';
import { ID, META, NEXT, PREV, PRICE, REM, SEQ, Slots, USER } from './slots.js';

export type { BookSide, RestingOrder } from './resting.js';
export { Level, SideBook } from './sideBook.js';

export class OrderBook {
  readonly bids = new SideBook(true);
  readonly asks = new SideBook(false);
  /** Order id -> slot; `orders.size` is the number of resting orders. */
  readonly orders = new SlotIndex();
  readonly slots = new Slots();
  /** What the book's matching calls hand out, reused by each (valid until the next: matchPlan.ts). */
  readonly plan = new Plan(this);

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
    // an empty side (best = none, +/-Infinity) is told apart first, so the price compare only meets
    // prices: optimized code that has only met small integer prices there is thrown away when it
    // meets Infinity (at the first order of every new book)
    if (sb.best === sb.none || (buy ? price > sb.best : price < sb.best)) sb.best = price;
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
    for (let i = sb.bestIndex(); i >= 0 && out.length < maxLevels; i--) {
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
