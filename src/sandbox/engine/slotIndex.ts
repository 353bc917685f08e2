/**
 * Order id -> slot number (a positive int32), for the book's hot path. Ids are positive safe
 * integers that an exchange hands out roughly in sequence, so the index is paged: a page covers
 * 4096 consecutive ids and is a plain Int32Array of slots (0 = absent) plus its live count, found
 * by page number in an array (from the first page used on) or, for ids outside that range, a Map;
 * int32 ids inside the array's range (the usual case) take a short path with no call and no Map. A
 * lookup, insert or delete is a page find and one typed-array access: no probing, no shifting. A
 * page whose orders all left is dropped, so memory follows the ids that are live, whatever they are.
 */
import { objectArray } from './objectArray.js';

const BITS = 12;
const SIZE = 1 << BITS;
const MASK = SIZE - 1;
/** Pages from the first one used up to this many after it sit in an array; others in a Map. */
const DIRECT = 1 << 20;
/** Stands in the array for a page not made (or dropped): all zero, never written. */
const NONE = new Int32Array(SIZE + 1);

export class SlotIndex {
  /** Page (number - base) -> page; pages not made yet are NONE (all zero, never written). */
  private direct: Int32Array[] = objectArray();
  private base = -1;
  /** Pages outside the direct range (ids below the first one, or very far beyond). */
  private readonly pages = new Map<number, Int32Array>();
  /** Emptied pages (all zero again), kept for the next new page. */
  private readonly spare: Int32Array[] = objectArray();
  size = 0;

  private page(no: number): Int32Array | undefined {
    const i = no - this.base;
    if (i >= 0 && i < DIRECT) {
      if (i >= this.direct.length) return undefined;
      const p = this.direct[i]!;
      return p === NONE ? undefined : p;
    }
    return this.pages.get(no);
  }

  private setPage(no: number, p: Int32Array | undefined): void {
    if (this.base < 0) this.base = no;
    const i = no - this.base;
    if (i >= 0 && i < DIRECT) {
      while (this.direct.length <= i) this.direct.push(NONE);
      this.direct[i] = p ?? NONE;
    } else if (p) this.pages.set(no, p);
    else this.pages.delete(no);
  }

  /** The slot of id, or 0 when absent. */
  get(id: number): number {
    if ((id | 0) === id) {
      const i = (id >> BITS) - this.base;
      if (i >= 0 && i < this.direct.length) return this.direct[i]![id & MASK]!;
    }
    return this.getSlow(id);
  }

  private getSlow(id: number): number {
    const small = (id | 0) === id;
    const p = this.page(small ? id >> BITS : Math.floor(id / SIZE));
    return p === undefined ? 0 : p[small ? id & MASK : id % SIZE]! | 0;
  }

  /** Maps id (a positive safe integer) to slot unless id is present; false (nothing changed) when it was. */
  add(id: number, slot: number): boolean {
    if ((id | 0) === id && id > 0) {
      const i = (id >> BITS) - this.base;
      if (i >= 0 && i < this.direct.length) {
        const p = this.direct[i]!;
        if (p !== NONE) {
          const k = id & MASK;
          if (p[k] !== 0) return false;
          p[k] = slot;
          p[SIZE] = p[SIZE]! + 1;
          this.size++;
          return true;
        }
      }
    }
    return this.addSlow(id, slot);
  }

  private addSlow(id: number, slot: number): boolean {
    const small = (id | 0) === id;
    if (small ? id <= 0 : !(id > 0 && Number.isSafeInteger(id))) {
      throw new Error(`order id ${id} cannot be indexed`);
    }
    const no = small ? id >> BITS : Math.floor(id / SIZE);
    let p = this.page(no);
    if (p === undefined) {
      p = this.spare.pop() ?? new Int32Array(SIZE + 1);
      this.setPage(no, p);
    }
    const i = small ? id & MASK : id % SIZE;
    if (p[i] !== 0) return false;
    p[i] = slot;
    p[SIZE] = p[SIZE]! + 1;
    this.size++;
    return true;
  }

  /** Removes id and returns its slot (0 when absent). */
  take(id: number): number {
    if ((id | 0) === id) {
      const i = (id >> BITS) - this.base;
      if (i >= 0 && i < this.direct.length) {
        const p = this.direct[i]!;
        const k = id & MASK;
        const s = p[k]!;
        if (s === 0) return 0;
        p[k] = 0;
        this.size--;
        if (--p[SIZE]! === 0) this.drop(id >> BITS, p);
        return s;
      }
    }
    return this.takeSlow(id);
  }

  /**
   * Removes an id known to be present (a maker the walk filled whole), without reading its entry
   * first: the entry is only written, so its cache line is not waited for.
   */
  forget(id: number): void {
    if ((id | 0) === id) {
      const i = (id >> BITS) - this.base;
      if (i >= 0 && i < this.direct.length) {
        const p = this.direct[i]!;
        if (p !== NONE) {
          p[id & MASK] = 0;
          this.size--;
          if (--p[SIZE]! === 0) this.drop(id >> BITS, p);
          return;
        }
      }
    }
    this.takeSlow(id);
  }

  private drop(no: number, p: Int32Array): void {
    this.setPage(no, undefined);
    if (this.spare.length < 64) this.spare.push(p);
  }

  private takeSlow(id: number): number {
    const small = (id | 0) === id;
    const no = small ? id >> BITS : Math.floor(id / SIZE);
    const p = this.page(no);
    if (p === undefined) return 0;
    const i = small ? id & MASK : id % SIZE;
    const s = p[i]! | 0;
    if (s === 0) return 0;
    p[i] = 0;
    this.size--;
    p[SIZE] = p[SIZE]! - 1;
    if (p[SIZE] === 0) this.drop(no, p);
    return s;
  }
}
