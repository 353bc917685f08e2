/**
 * Storage for the resting orders of one book: one Float64Array, eight numbers per order (64 bytes,
 * one cache line), addressed by the order's slot, which is the offset of its first number (a
 * multiple of 8 from 8 on; 0 = none). Free slots are kept on a stack and reused. FIFO links and the
 * level are slots and numbers too, so a level is a pair of head and tail slots. Nothing here
 * allocates after a growth step, and nothing is an object the garbage collector has to trace.
 * Every value is an exact integer within Number's safe range.
 */
export const ID = 0;
export const USER = 1;
export const SEQ = 2;
export const PRICE = 3;
export const REM = 4;
// The last three numbers of a record hold int32 fields, read through the int view `i` at
// slot * 2 + field (no float -> int conversion on the links a sweep follows).
/** Level number x 2 + side (0 = buy, 1 = sell). */
export const META = 10;
/** Next and previous slot in the level's FIFO (0 = none). */
export const NEXT = 12;
export const PREV = 13;
const STRIDE = 8;

export class Slots {
  d: Float64Array;
  /** The same memory as int32s: the links and the level of slot s are at s * 2 + NEXT etc. */
  i: Int32Array;
  private free: Int32Array;
  private nfree = 0;
  private top = STRIDE;

  constructor(capacity = 1024) {
    this.d = new Float64Array(capacity * STRIDE);
    this.i = new Int32Array(this.d.buffer);
    this.free = new Int32Array(capacity);
  }

  /** A free slot (growing the storage when full). Read `d` after this call: it may be new. */
  alloc(): number {
    if (this.nfree > 0) return this.free[--this.nfree]!;
    if (this.top === this.d.length) this.grow();
    const s = this.top;
    this.top += STRIDE;
    return s;
  }

  release(s: number): void {
    this.free[this.nfree++] = s;
  }

  private grow(): void {
    const d = new Float64Array(this.d.length * 2);
    d.set(this.d);
    this.d = d;
    this.i = new Int32Array(d.buffer);
    const free = new Int32Array(this.free.length * 2);
    free.set(this.free);
    this.free = free;
  }
}
