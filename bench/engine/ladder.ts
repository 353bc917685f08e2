// Tuned reference: a typed-array price ladder over a fixed price window. Every order lives in flat
// Int32Arrays indexed by id (qty, owner, level, FIFO links); every level in flat arrays indexed by
// price offset (head, tail, total); best bid / ask are indices moved by a short scan. No objects, no
// maps, no allocation after construction. It only works when prices fit a known window and ids are
// dense, which is why the exchange cannot use it as is; it is the speed of light the engine is held
// to. It does the rest of the engine's job, as every exchange book must, with the engine's rules: a
// limit that crosses matches first (price-time priority, at the makers' prices) and rests what is
// left; a maker's owner is checked before it fills, and meeting the taker's own order stops the
// match with nothing rested (self-trade prevention); each level keeps its total (the depth the
// exchange publishes); each fill is written down (maker, price, quantity) for settlement.
import { type BenchBook, BUY } from './stream.js';

export class LadderBook implements BenchBook {
  private readonly qty: Int32Array;
  private readonly lvl: Int32Array; // level index + 1 (0 = not resting)
  private readonly next: Int32Array;
  private readonly prev: Int32Array;
  private readonly owner: Int32Array;
  private readonly head: Int32Array;
  private readonly tail: Int32Array;
  private readonly total: Float64Array;
  /** The fills of the last match: maker id, price, quantity. */
  fillMaker = new Int32Array(1024);
  fillPrice = new Int32Array(1024);
  fillQty = new Int32Array(1024);
  /** Quantity the last match filled, and whether it stopped at the taker's own order. */
  filled = 0;
  selfTrade = false;
  private bestBid = -1; // level index, -1 when no bids
  private bestAsk: number; // level index, size when no asks
  private live = 0;

  constructor(
    private readonly lo: number,
    private readonly size: number,
    maxId: number,
  ) {
    this.qty = new Int32Array(maxId + 1);
    this.lvl = new Int32Array(maxId + 1);
    this.next = new Int32Array(maxId + 1);
    this.prev = new Int32Array(maxId + 1);
    this.owner = new Int32Array(maxId + 1);
    this.head = new Int32Array(size);
    this.tail = new Int32Array(size);
    this.total = new Float64Array(size);
    this.bestAsk = size;
  }

  limit(id: number, owner: number, side: number, price: number, qty: number): number {
    const L = price - this.lo;
    const fills = this.match(owner, side, L, qty);
    const left = qty - this.filled;
    if (left > 0 && !this.selfTrade) this.rest(id, owner, side, L, left);
    return fills;
  }

  market(owner: number, side: number, qty: number): number {
    return this.match(owner, side, side === BUY ? this.size - 1 : 0, qty);
  }

  private rest(id: number, owner: number, side: number, L: number, qty: number): void {
    this.qty[id] = qty;
    this.owner[id] = owner;
    this.total[L] = this.total[L]! + qty;
    this.lvl[id] = L + 1;
    this.next[id] = 0;
    const t = this.tail[L]!;
    this.prev[id] = t;
    if (t) this.next[t] = id;
    else this.head[L] = id;
    this.tail[L] = id;
    this.live++;
    if (side === BUY) {
      if (L > this.bestBid) this.bestBid = L;
    } else if (L < this.bestAsk) this.bestAsk = L;
  }

  private unlink(id: number, L: number): void {
    const p = this.prev[id]!;
    const n = this.next[id]!;
    if (p) this.next[p] = n;
    else this.head[L] = n;
    if (n) this.prev[n] = p;
    else this.tail[L] = p;
    this.lvl[id] = 0;
    this.total[L] = this.total[L]! - this.qty[id]!;
    this.live--;
    if (this.head[L] !== 0) return;
    if (L === this.bestBid) {
      let b = L - 1;
      while (b >= 0 && this.head[b] === 0) b--;
      this.bestBid = b;
    } else if (L === this.bestAsk) {
      let a = L + 1;
      while (a < this.size && this.head[a] === 0) a++;
      this.bestAsk = a;
    }
  }

  cancel(id: number): void {
    const L1 = this.lvl[id]!;
    if (L1 !== 0) this.unlink(id, L1 - 1);
  }

  /** Matches a taker against the opposite side up to level `limitL` (inclusive); returns the fills. */
  private match(takerOwner: number, side: number, limitL: number, qty: number): number {
    let left = qty;
    let fills = 0;
    this.selfTrade = false;
    const { head, qty: qtys, owner, total, lo, size } = this;
    let fillMaker = this.fillMaker;
    while (left > 0) {
      const L = side === BUY ? this.bestAsk : this.bestBid;
      if (L < 0 || L >= size || (side === BUY ? L > limitL : L < limitL)) break;
      const id = head[L]!;
      if (owner[id] === takerOwner) {
        this.selfTrade = true;
        break;
      }
      const q = qtys[id]!;
      const took = Math.min(q, left);
      if (fills === fillMaker.length) {
        this.growFills();
        fillMaker = this.fillMaker;
      }
      fillMaker[fills] = id;
      this.fillPrice[fills] = L + lo;
      this.fillQty[fills] = took;
      fills++;
      if (q <= left) {
        left -= q;
        this.unlink(id, L);
      } else {
        qtys[id] = q - left;
        total[L] = total[L]! - left;
        left = 0;
      }
    }
    this.filled = qty - left;
    return fills;
  }

  private growFills(): void {
    const n = this.fillMaker.length * 2;
    const grow = (a: Int32Array) => {
      const b = new Int32Array(n);
      b.set(a);
      return b;
    };
    this.fillMaker = grow(this.fillMaker);
    this.fillPrice = grow(this.fillPrice);
    this.fillQty = grow(this.fillQty);
  }

  /** Levels of a side best first: [price, total] (for the tests that hold it to the engine). */
  depth(side: number): Array<[number, number]> {
    const out: Array<[number, number]> = [];
    if (side === BUY) {
      for (let L = this.bestBid; L >= 0; L--) if (this.head[L] !== 0) out.push([L + this.lo, this.total[L]!]);
    } else {
      for (let L = this.bestAsk; L < this.size; L++)
        if (this.head[L] !== 0) out.push([L + this.lo, this.total[L]!]);
    }
    return out;
  }

  resting(): number {
    return this.live;
  }
}
