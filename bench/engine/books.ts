// The books the engine bench compares, behind one small interface: the sandbox engine driven through
// the exchange's own engine calls (engine/drive.ts: placeOrder for every order, fills handed to a
// sink that reads them as settlement does, cancelOrder for cancels), the nodejs-order-book library,
// and a fair naive book (sorted price arrays kept by binary insertion, FIFO arrays per level; no
// re-sorting) that matches crossing limits with the engine's rules.
import { OrderBook as LibBook, Side } from 'nodejs-order-book';
import { OrderBook, type RestingOrder } from '../../src/sandbox/engine/book.js';
import {
  cancelOrder,
  type FillSink,
  type Placed,
  type PlaceSpec,
  placeOrder,
} from '../../src/sandbox/engine/drive.js';
import type { TakerSpec } from '../../src/sandbox/engine/match.js';
import { type BenchBook, BUY } from './stream.js';

/** Reads each fill as settlement does (the maker's id, the price, the quantity) and keeps a sum. */
class SettlementReads implements FillSink {
  sum = 0;
  fill(maker: RestingOrder, price: number, qty: number): void {
    this.sum += maker.id + price + qty;
  }
}

export class EngineBook implements BenchBook {
  private readonly book = new OrderBook();
  constructor(readonly sink: FillSink = new SettlementReads()) {}
  // one taker spec, one place spec and one result, refilled per order (what a caller in a loop does)
  private readonly spec: TakerSpec = {
    userId: 0,
    side: 'buy',
    limitPrice: null,
    qty: 0,
    amt: null,
    protectPrice: null,
  };
  private readonly place: PlaceSpec = { id: 0, accountSeq: 1, fok: false, rests: true };
  private readonly out: Placed = { plan: null, rested: 0 };

  limit(id: number, owner: number, side: number, price: number, qty: number): number {
    const t = this.spec;
    t.userId = owner;
    t.side = side === BUY ? 'buy' : 'sell';
    t.limitPrice = price;
    t.qty = qty;
    const p = this.place;
    p.id = id;
    p.rests = true;
    return placeOrder(this.book, t, p, this.sink, this.out).plan!.count;
  }
  cancel(id: number): void {
    cancelOrder(this.book, id);
  }
  market(owner: number, side: number, qty: number): number {
    const t = this.spec;
    t.userId = owner;
    t.side = side === BUY ? 'buy' : 'sell';
    t.limitPrice = null;
    t.qty = qty;
    const p = this.place;
    p.id = 0;
    p.rests = false;
    return placeOrder(this.book, t, p, this.sink, this.out).plan!.count;
  }
  resting(): number {
    return this.book.orders.size;
  }
  depth(side: number): Array<[number, number]> {
    return this.book.depth(side === BUY ? 'buy' : 'sell');
  }
}

export class NodejsOrderBook implements BenchBook {
  private readonly book = new LibBook();
  private live = 0;
  limit(id: number, _owner: number, side: number, price: number, qty: number): number {
    const r = this.book.limit({
      id: String(id),
      side: side === BUY ? Side.BUY : Side.SELL,
      size: qty,
      price,
    });
    if (r.err) throw new Error(`nodejs-order-book refused a limit: ${r.err.message}`);
    // `done` holds the makers filled whole, and the taker itself when it filled whole (then a maker
    // filled in part is `partial`); a taker that rests is `partial` once it filled something
    const rests = r.quantityLeft > 0;
    const makersDone = rests ? r.done.length : r.done.length - 1;
    this.live += (rests ? 1 : 0) - makersDone;
    return makersDone + (!rests && r.partial ? 1 : 0);
  }
  cancel(id: number): void {
    if (this.book.cancel(String(id))) this.live--;
  }
  market(_owner: number, side: number, qty: number): number {
    const r = this.book.market({ side: side === BUY ? Side.BUY : Side.SELL, size: qty });
    this.live -= r.done.length;
    return r.done.length + (r.partial ? 1 : 0);
  }
  resting(): number {
    return this.live;
  }
}

interface NaiveOrder {
  id: number;
  owner: number;
  qty: number;
  side: number;
  price: number;
}

/** Straightforward book: what a careful first version looks like, with nothing tuned. */
export class NaiveBook implements BenchBook {
  // prices best last (bids ascending, asks descending) so the best level pops off the end
  private readonly prices: [number[], number[]] = [[], []];
  private readonly levels: [Map<number, NaiveOrder[]>, Map<number, NaiveOrder[]>] = [new Map(), new Map()];
  private readonly orders = new Map<number, NaiveOrder>();
  private left = 0;
  private selfTrade = false;

  private insertPrice(side: number, price: number): void {
    const arr = this.prices[side]!;
    const better = (a: number, b: number) => (side === BUY ? a > b : a < b);
    let lo = 0;
    let hi = arr.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (better(price, arr[mid]!)) lo = mid + 1;
      else hi = mid;
    }
    arr.splice(lo, 0, price);
  }

  private dropPrice(side: number, price: number): void {
    const arr = this.prices[side]!;
    arr.splice(arr.lastIndexOf(price), 1);
    this.levels[side]!.delete(price);
  }

  limit(id: number, owner: number, side: number, price: number, qty: number): number {
    const fills = this.match(owner, side, price, qty);
    if (this.left === 0 || this.selfTrade) return fills;
    const o = { id, owner, qty: this.left, side, price };
    let lvl = this.levels[side]!.get(price);
    if (!lvl) {
      lvl = [];
      this.levels[side]!.set(price, lvl);
      this.insertPrice(side, price);
    }
    lvl.push(o);
    this.orders.set(id, o);
    return fills;
  }

  cancel(id: number): void {
    const o = this.orders.get(id);
    if (!o) return;
    this.orders.delete(id);
    const lvl = this.levels[o.side]!.get(o.price)!;
    lvl.splice(lvl.indexOf(o), 1);
    if (lvl.length === 0) this.dropPrice(o.side, o.price);
  }

  market(owner: number, side: number, qty: number): number {
    return this.match(owner, side, side === BUY ? Number.POSITIVE_INFINITY : 0, qty);
  }

  private match(owner: number, side: number, limit: number, qty: number): number {
    const opp = side === BUY ? 1 : 0;
    const prices = this.prices[opp]!;
    let left = qty;
    let fills = 0;
    this.selfTrade = false;
    while (left > 0 && prices.length > 0 && !this.selfTrade) {
      const price = prices[prices.length - 1]!;
      if (side === BUY ? price > limit : price < limit) break;
      const lvl = this.levels[opp]!.get(price)!;
      while (left > 0 && lvl.length > 0) {
        const o = lvl[0]!;
        if (o.owner === owner) {
          this.selfTrade = true;
          break;
        }
        const q = Math.min(left, o.qty);
        o.qty -= q;
        left -= q;
        fills++;
        if (o.qty === 0) {
          lvl.shift();
          this.orders.delete(o.id);
        }
      }
      if (lvl.length === 0) this.dropPrice(opp, price);
    }
    this.left = left;
    return fills;
  }

  resting(): number {
    return this.orders.size;
  }
}
