/**
 * Order id -> value, for the book's hot path: open addressing with linear probing over a
 * Float64Array of keys (ids are positive safe integers) and backward-shift deletion, so a book
 * that sees millions of inserts and deletes never rebuilds its table for tombstones the way a
 * Map does (each rebuild a large allocation the garbage collector then has to trace).
 */
const EMPTY = 0;

export class IdIndex<V> {
  private keys: Float64Array;
  private vals: Array<V | undefined>;
  private mask: number;
  size = 0;

  constructor(capacity = 1024) {
    let cap = 16;
    while (cap < capacity * 2) cap <<= 1;
    this.keys = new Float64Array(cap);
    this.vals = new Array<V | undefined>(cap).fill(undefined);
    this.mask = cap - 1;
  }

  private slot(id: number): number {
    // ids are integers; mix the high bits in so sequential ids spread over the table
    return (Math.imul(id | 0, 0x9e3779b1) ^ ((id / 4294967296) | 0)) & this.mask;
  }

  get(id: number): V | undefined {
    const keys = this.keys;
    for (let i = this.slot(id); ; i = (i + 1) & this.mask) {
      const k = keys[i]!;
      if (k === id) return this.vals[i];
      if (k === EMPTY) return undefined;
    }
  }

  has(id: number): boolean {
    return this.get(id) !== undefined;
  }

  /** Sets id (a positive safe integer) to v. */
  set(id: number, v: V): this {
    if (!(id > 0)) throw new Error(`order id ${id} cannot be indexed`);
    if ((this.size + 1) * 2 > this.keys.length) this.grow();
    const keys = this.keys;
    for (let i = this.slot(id); ; i = (i + 1) & this.mask) {
      const k = keys[i]!;
      if (k === id) {
        this.vals[i] = v;
        return this;
      }
      if (k === EMPTY) {
        keys[i] = id;
        this.vals[i] = v;
        this.size++;
        return this;
      }
    }
  }

  /** Sets id to v unless id is present; false (and nothing changed) when it was. One probe. */
  add(id: number, v: V): boolean {
    if (!(id > 0)) throw new Error(`order id ${id} cannot be indexed`);
    if ((this.size + 1) * 2 > this.keys.length) this.grow();
    const keys = this.keys;
    for (let i = this.slot(id); ; i = (i + 1) & this.mask) {
      const k = keys[i]!;
      if (k === id) return false;
      if (k === EMPTY) {
        keys[i] = id;
        this.vals[i] = v;
        this.size++;
        return true;
      }
    }
  }

  /** Removes id and returns its value (undefined when absent). One probe run. */
  take(id: number): V | undefined {
    const keys = this.keys;
    let i = this.slot(id);
    for (; ; i = (i + 1) & this.mask) {
      const k = keys[i]!;
      if (k === id) break;
      if (k === EMPTY) return undefined;
    }
    const v = this.vals[i];
    this.removeAt(i);
    return v;
  }

  delete(id: number): boolean {
    const keys = this.keys;
    const mask = this.mask;
    let i = this.slot(id);
    for (; ; i = (i + 1) & mask) {
      const k = keys[i]!;
      if (k === id) break;
      if (k === EMPTY) return false;
    }
    this.removeAt(i);
    return true;
  }

  /** Empties slot i, pulling later entries of its probe run back (backward-shift deletion). */
  private removeAt(hole: number): void {
    const keys = this.keys;
    const mask = this.mask;
    let i = hole;
    let j = i;
    for (;;) {
      j = (j + 1) & mask;
      const k = keys[j]!;
      if (k === EMPTY) break;
      const home = this.slot(k);
      // move k into the hole i unless its home lies cyclically in (i, j]
      if (i <= j ? home <= i || home > j : home <= i && home > j) {
        keys[i] = k;
        this.vals[i] = this.vals[j];
        i = j;
      }
    }
    keys[i] = EMPTY;
    this.vals[i] = undefined;
    this.size--;
  }

  *values(): Generator<V> {
    for (let i = 0; i < this.keys.length; i++) if (this.keys[i] !== EMPTY) yield this.vals[i]!;
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldVals = this.vals;
    const cap = oldKeys.length * 2;
    this.keys = new Float64Array(cap);
    this.vals = new Array<V | undefined>(cap).fill(undefined);
    this.mask = cap - 1;
    this.size = 0;
    for (let i = 0; i < oldKeys.length; i++) if (oldKeys[i] !== EMPTY) this.set(oldKeys[i]!, oldVals[i]!);
  }
}
