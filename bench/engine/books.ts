// The books the engine bench compares, behind one small interface: the sandbox engine exactly as
// the exchange drives it (OrderBook; a market order without fill-or-kill matches with take()), the nodejs-order-book library, and a fair naive
// book (sorted price arrays kept by binary insertion, FIFO arrays per level; no re-sorting).
import { OrderBook as LibBook, Side } from 'nodejs-order-book';
import { OrderBook } from '../../src/sandbox/engine/book.js';
import { type TakerSpec, take } from '../../src/sandbox/engine/match.js';
import { type BenchBook, BUY } from './stream.js';

export class EngineBook implements BenchBook {
  private readonly book = new OrderBook();
  add(id: number, side: number, price: number, qty: number): void {
    this.book.insert(id, 1, 1, side === BUY ? 'buy' : 'sell', price, qty);
  }
  cancel(id: number): void {
    this.book.cancel(id);
  }
  // one taker spec, refilled per market order (what a caller in a loop would do)
  private readonly spec: TakerSpec = {
    userId: 2,
    side: 'buy',
    limitPrice: null,
    qty: 0,
    amt: null,
    protectPrice: null,
  };
  market(side: number, qty: number): number {
    this.spec.side = side === BUY ? 'buy' : 'sell';
    this.spec.qty = qty;
    return take(this.book, this.spec).count;
  }
  resting(): number {
    return this.book.orders.size;
  }
}

export class NodejsOrderBook implements BenchBook {
  private readonly book = new LibBook();
  private live = 0;
  add(id: number, side: number, price: number, qty: number): void {
    const r = this.book.limit({
      id: String(id),
      side: side === BUY ? Side.BUY : Side.SELL,
      size: qty,
      price,
    });
    if (r.err) throw new Error(`nodejs-order-book refused a limit: ${r.err.message}`);
    this.live++;
  }
  cancel(id: number): void {
    if (this.book.cancel(String(id))) this.live--;
  }
  market(side: number, qty: number): number {
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

  add(id: number, side: number, price: number, qty: number): void {
    const o = { id, qty, side, price };
    let lvl = this.levels[side]!.get(price);
    if (!lvl) {
      lvl = [];
      this.levels[side]!.set(price, lvl);
      this.insertPrice(side, price);
    }
    lvl.push(o);
    this.orders.set(id, o);
  }

  cancel(id: number): void {
    const o = this.orders.get(id);
    if (!o) return;
    this.orders.delete(id);
    const lvl = this.levels[o.side]!.get(o.price)!;
    lvl.splice(lvl.indexOf(o), 1);
    if (lvl.length === 0) this.dropPrice(o.side, o.price);
  }

  market(side: number, qty: number): number {
    const opp = side === BUY ? 1 : 0;
    const prices = this.prices[opp]!;
    let left = qty;
    let fills = 0;
    while (left > 0 && prices.length > 0) {
      const price = prices[prices.length - 1]!;
      const lvl = this.levels[opp]!.get(price)!;
      while (left > 0 && lvl.length > 0) {
        const o = lvl[0]!;
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
    return fills;
  }

  resting(): number {
    return this.orders.size;
  }
}
