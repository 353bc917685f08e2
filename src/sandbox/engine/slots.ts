/**
 * Struct-of-arrays storage for the resting orders of one book: every field of an order lives in a
 * typed array at the order's slot number (1.., 0 = none), free slots are kept on a stack and reused.
 * FIFO links (next/prev) and the level number are slot-indexed too, so a level is a pair of head and
 * tail slots. Nothing here allocates after a growth step, and nothing is an object the garbage
 * collector has to trace. Quantities and prices are exact integers (Number's safe range).
 */
export class Slots {
  cap: number;
  id: Float64Array;
  user: Float64Array;
  seq: Float64Array;
  price: Float64Array;
  rem: Float64Array;
  /** 0 = buy, 1 = sell. */
  side: Uint8Array;
  /** Level number within its side. */
  lvl: Int32Array;
  next: Int32Array;
  prev: Int32Array;
  private free: Int32Array;
  private nfree = 0;
  private top = 1;

  constructor(capacity = 1024) {
    this.cap = capacity;
    this.id = new Float64Array(capacity);
    this.user = new Float64Array(capacity);
    this.seq = new Float64Array(capacity);
    this.price = new Float64Array(capacity);
    this.rem = new Float64Array(capacity);
    this.side = new Uint8Array(capacity);
    this.lvl = new Int32Array(capacity);
    this.next = new Int32Array(capacity);
    this.prev = new Int32Array(capacity);
    this.free = new Int32Array(capacity);
  }

  /** A free slot (growing every array when full). Read the arrays after this call: they may be new. */
  alloc(): number {
    if (this.nfree > 0) return this.free[--this.nfree]!;
    if (this.top === this.cap) this.grow();
    return this.top++;
  }

  release(s: number): void {
    this.free[this.nfree++] = s;
  }

  private grow(): void {
    const cap = this.cap * 2;
    const f64 = (a: Float64Array) => {
      const b = new Float64Array(cap);
      b.set(a);
      return b;
    };
    const i32 = (a: Int32Array) => {
      const b = new Int32Array(cap);
      b.set(a);
      return b;
    };
    this.id = f64(this.id);
    this.user = f64(this.user);
    this.seq = f64(this.seq);
    this.price = f64(this.price);
    this.rem = f64(this.rem);
    const side = new Uint8Array(cap);
    side.set(this.side);
    this.side = side;
    this.lvl = i32(this.lvl);
    this.next = i32(this.next);
    this.prev = i32(this.prev);
    this.free = i32(this.free);
    this.cap = cap;
  }
}
