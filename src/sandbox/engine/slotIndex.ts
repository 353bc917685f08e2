/**
 * Order id -> slot number (a positive int32), for the book's hot path. Ids are positive safe
 * integers that an exchange hands out roughly in sequence, so the index is paged: a page covers
 * 4096 consecutive ids and is a plain Int32Array of slots (0 = absent) plus its live count, found
 * by page number in an array (from the first page used on) or, for ids outside that range, a Map. A
 * lookup, insert or delete is a page find and one typed-array access: no probing, no shifting. A
 * page whose orders all left is dropped, so memory follows the ids that are live, whatever they are.
 */
import { objectArray } from './objectArray.js';

const BITS = 12;
const SIZE = 1 << BITS;
const MASK = SIZE - 1;

/** Pages from the first one used up to this many after it sit in an array; others in a Map. */
const DIRECT = 1 << 20;

export class SlotIndex {
  /** Page (number - base) -> page, for the ids from the first one on (the usual case). */
  private readonly direct: Array<Int32Array | undefined> = objectArray();
  private base = -1;
  /** Pages outside the direct range (ids below the first one, or very far beyond). */
  private readonly pages = new Map<number, Int32Array>();
  /** Emptied pages (all zero again), kept for the next new page. */
  private readonly spare: Int32Array[] = objectArray();
  size = 0;

  private page(no: number): Int32Array | undefined {
    const i = no - this.base;
    if (i >= 0 && i < DIRECT) return i < this.direct.length ? this.direct[i] : undefined;
    return this.pages.get(no);
  }

  private setPage(no: number, p: Int32Array | undefined): void {
    if (this.base < 0) this.base = no;
    const i = no - this.base;
    if (i >= 0 && i < DIRECT) {
      while (this.direct.length <= i) this.direct.push(undefined);
      this.direct[i] = p;
    } else if (p) this.pages.set(no, p);
    else this.pages.delete(no);
  }

  /** The slot of id, or 0 when absent. */
  get(id: number): number {
    const small = (id | 0) === id;
    const p = this.page(small ? id >> BITS : Math.floor(id / SIZE));
    return p === undefined ? 0 : p[small ? id & MASK : id % SIZE]! | 0;
  }

  /** Maps id (a positive safe integer) to slot unless id is present; false (nothing changed) when it was. */
  add(id: number, slot: number): boolean {
    // int32 ids (the usual case) take shifts and masks; larger ones a float division
    const small = (id | 0) === id;
    if (small ? id <= 0 : !(id > 0 && Number.isSafeInteger(id))) {
      throw new Error(`order id ${id} cannot be indexed`);
    }
    const no = small ? id >> BITS : Math.floor(id / SIZE);
    let p = this.page(no);
    if (p === undefined) {
      p = this.spare.pop() ?? new Int32Array(SIZE + 1); // [SIZE] = live count
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
    if (p[SIZE] === 0) {
      this.setPage(no, undefined);
      if (this.spare.length < 64) this.spare.push(p);
    }
    return s;
  }
}
