/**
 * Order id -> slot number (a positive int32), for the book's hot path: open addressing with linear
 * probing over a Float64Array of keys (ids are positive safe integers) and an Int32Array of slots,
 * backward-shift deletion (no tombstones, so millions of inserts and deletes never force a rebuild).
 * Nothing but two typed arrays: no object per entry for the garbage collector to trace.
 */
const EMPTY = 0;

export class SlotIndex {
  private keys: Float64Array;
  private vals: Int32Array;
  private mask: number;
  size = 0;

  constructor(capacity = 1024) {
    let cap = 16;
    while (cap < capacity * 2) cap <<= 1;
    this.keys = new Float64Array(cap);
    this.vals = new Int32Array(cap);
    this.mask = cap - 1;
  }

  private home(id: number): number {
    // ids are integers; mix the high bits in so sequential ids spread over the table
    return (Math.imul(id | 0, 0x9e3779b1) ^ ((id / 4294967296) | 0)) & this.mask;
  }

  /** The slot of id, or 0 when absent. */
  get(id: number): number {
    const keys = this.keys;
    const mask = this.mask;
    for (let i = this.home(id); ; i = (i + 1) & mask) {
      const k = keys[i]!;
      if (k === id) return this.vals[i]!;
      if (k === EMPTY) return 0;
    }
  }

  /** Maps id (a positive safe integer) to slot unless id is present; false (nothing changed) when it was. */
  add(id: number, slot: number): boolean {
    if (!(id > 0)) throw new Error(`order id ${id} cannot be indexed`);
    if ((this.size + 1) * 2 > this.keys.length) this.grow();
    const keys = this.keys;
    const mask = this.mask;
    for (let i = this.home(id); ; i = (i + 1) & mask) {
      const k = keys[i]!;
      if (k === id) return false;
      if (k === EMPTY) {
        keys[i] = id;
        this.vals[i] = slot;
        this.size++;
        return true;
      }
    }
  }

  /** Removes id and returns its slot (0 when absent). */
  take(id: number): number {
    const keys = this.keys;
    const mask = this.mask;
    let i = this.home(id);
    for (; ; i = (i + 1) & mask) {
      const k = keys[i]!;
      if (k === id) break;
      if (k === EMPTY) return 0;
    }
    const v = this.vals[i]!;
    this.removeAt(i);
    return v;
  }

  /** Empties slot i, pulling later entries of its probe run back (backward-shift deletion). */
  private removeAt(hole: number): void {
    const keys = this.keys;
    const vals = this.vals;
    const mask = this.mask;
    let i = hole;
    let j = i;
    for (;;) {
      j = (j + 1) & mask;
      const k = keys[j]!;
      if (k === EMPTY) break;
      const home = this.home(k);
      // move k into the hole i unless its home lies cyclically in (i, j]
      if (i <= j ? home <= i || home > j : home <= i && home > j) {
        keys[i] = k;
        vals[i] = vals[j]!;
        i = j;
      }
    }
    keys[i] = EMPTY;
    vals[i] = 0;
    this.size--;
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldVals = this.vals;
    const cap = oldKeys.length * 2;
    const keys = new Float64Array(cap);
    const vals = new Int32Array(cap);
    const mask = cap - 1;
    this.keys = keys;
    this.vals = vals;
    this.mask = mask;
    for (let j = 0; j < oldKeys.length; j++) {
      const k = oldKeys[j]!;
      if (k === EMPTY) continue;
      let i = this.home(k);
      while (keys[i] !== EMPTY) i = (i + 1) & mask;
      keys[i] = k;
      vals[i] = oldVals[j]!;
    }
  }
}
