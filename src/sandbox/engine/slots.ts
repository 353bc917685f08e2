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
/** Level number x 2 + side (0 = buy, 1 = sell). */
export const META = 5;
export const NEXT = 6;
export const PREV = 7;
const STRIDE = 8;

export class Slots {
  d: Float64Array;
  private free: Int32Array;
  private nfree = 0;
  private top = STRIDE;

  constructor(capacity = 1024) {
    this.d = new Float64Array(capacity * STRIDE);
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
    const free = new Int32Array(this.free.length * 2);
    free.set(this.free);
    this.free = free;
  }
}
