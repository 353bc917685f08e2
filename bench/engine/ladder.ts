// Tuned reference: a typed-array price ladder over a fixed price window. Every order lives in flat
// Int32Arrays indexed by id (qty, owner, level, FIFO links); every level in flat arrays indexed by
// price offset (head, tail, total); best bid / ask are indices moved by a short scan. No objects, no
// maps, no allocation after construction. It only works when prices fit a known window and ids are
// dense, which is why the exchange cannot use it as is; it is the speed of light the engine is held
// to. It does the rest of the engine's job, as every exchange book must: a maker's owner is checked
// before it fills (self-trade prevention), each level keeps its total (the depth the exchange
// publishes), and each fill is written down (maker, price, quantity) for settlement.
import { type BenchBook, BUY } from './stream.js';

/** Owners as the engine bench uses them: every resting order is the maker's, every market the taker's. */
const MAKER = 1;
const TAKER = 2;

export class LadderBook implements BenchBook {
  private readonly qty: Int32Array;
  private readonly lvl: Int32Array; // level index + 1 (0 = not resting)
  private readonly next: Int32Array;
  private readonly prev: Int32Array;
  private readonly owner: Int32Array;
  private readonly head: Int32Array;
  private readonly tail: Int32Array;
  private readonly total: Float64Array;
  /** The fills of the last market order: maker id, price, quantity. */
  private fillMaker = new Int32Array(1024);
  private fillPrice = new Int32Array(1024);
  private fillQty = new Int32Array(1024);
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

  add(id: number, side: number, price: number, qty: number): void {
    const L = price - this.lo;
    this.qty[id] = qty;
    this.owner[id] = MAKER;
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

  market(side: number, qty: number): number {
    let left = qty;
    let fills = 0;
    const { head, qty: qtys, owner, total, lo, size } = this;
    let fillMaker = this.fillMaker;
    while (left > 0) {
      const L = side === BUY ? this.bestAsk : this.bestBid;
      if (L < 0 || L >= size) break;
      const id = head[L]!;
      if (owner[id] === TAKER) break; // self-trade prevention (never true in the bench stream)
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

  resting(): number {
    return this.live;
  }
}
