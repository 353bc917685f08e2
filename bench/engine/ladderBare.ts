// The ladder as it was first written (bench/engine/ladder.ts before it took on the rest of the
// engine's job): no owner per order (no self-trade check), no level totals, and matches that only
// count their fills. Kept as an extra row, so the bench shows what those duties cost. Crossing
// limits match as in the full ladder.
import { type BenchBook, BUY } from './stream.js';

export class BareLadderBook implements BenchBook {
  private readonly qty: Int32Array;
  private readonly lvl: Int32Array; // level index + 1 (0 = not resting)
  private readonly next: Int32Array;
  private readonly prev: Int32Array;
  private readonly head: Int32Array;
  private readonly tail: Int32Array;
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
    this.head = new Int32Array(size);
    this.tail = new Int32Array(size);
    this.bestAsk = size;
  }

  limit(id: number, _owner: number, side: number, price: number, qty: number): number {
    const L = price - this.lo;
    const fills = this.match(side, L, qty);
    if (this.left > 0) this.rest(id, side, L, this.left);
    return fills;
  }

  market(_owner: number, side: number, qty: number): number {
    return this.match(side, side === BUY ? this.size - 1 : 0, qty);
  }

  /** Quantity the last match left unfilled. */
  private left = 0;

  private rest(id: number, side: number, L: number, qty: number): void {
    this.qty[id] = qty;
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

  private match(side: number, limitL: number, qty: number): number {
    let left = qty;
    let fills = 0;
    while (left > 0) {
      const L = side === BUY ? this.bestAsk : this.bestBid;
      if (L < 0 || L >= this.size || (side === BUY ? L > limitL : L < limitL)) break;
      const id = this.head[L]!;
      const q = this.qty[id]!;
      fills++;
      if (q <= left) {
        left -= q;
        this.unlink(id, L);
      } else {
        this.qty[id] = q - left;
        left = 0;
      }
    }
    this.left = left;
    return fills;
  }

  resting(): number {
    return this.live;
  }
}
