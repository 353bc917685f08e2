import { describe, expect, it } from 'vitest';
import { SlotIndex } from './slotIndex.js';

describe('SlotIndex (order id -> slot)', () => {
  it('agrees with a Map under a random mix, ids near and far, below the first one too', () => {
    const idx = new SlotIndex();
    const ref = new Map<number, number>();
    let seed = 3;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const pick = () => {
      const r = rnd();
      if (r < 0.6) return 5_000_000 + Math.floor(rnd() * 50_000); // dense, around the first id
      if (r < 0.8) return 1 + Math.floor(rnd() * 10_000); // below the first page
      return 2 ** 40 + Math.floor(rnd() * 2 ** 30); // far beyond the direct range
    };
    expect(idx.add(5_000_000, 1)).toBe(true);
    ref.set(5_000_000, 1);
    for (let step = 0; step < 40_000; step++) {
      const id = pick();
      if (rnd() < 0.55) {
        const slot = 1 + step;
        expect(idx.add(id, slot)).toBe(!ref.has(id));
        if (!ref.has(id)) ref.set(id, slot);
      } else if (ref.has(id) && rnd() < 0.5) {
        // a present id removed without reading its entry (a maker filled whole)
        idx.forget(id);
        ref.delete(id);
        expect(idx.get(id)).toBe(0);
      } else {
        expect(idx.take(id)).toBe(ref.get(id) ?? 0);
        ref.delete(id);
      }
      expect(idx.size).toBe(ref.size);
    }
    for (const [id, slot] of ref) expect(idx.get(id)).toBe(slot);
    expect(idx.get(7)).toBe(ref.get(7) ?? 0);
    expect(idx.get(2 ** 50)).toBe(0);
  });

  it('refuses ids it cannot index and answers 0 for them', () => {
    const idx = new SlotIndex();
    expect(() => idx.add(0, 1)).toThrow();
    expect(() => idx.add(-5, 1)).toThrow();
    expect(() => idx.add(1.5, 1)).toThrow();
    expect(idx.get(1.5)).toBe(0);
    expect(idx.take(-5)).toBe(0);
    expect(idx.size).toBe(0);
  });

  it('forgets present ids, drops a page whose ids all left and reuses it', () => {
    const idx = new SlotIndex();
    // two pages of 4096 ids from 4096 on, then ids far beyond the direct range
    for (let id = 4096; id < 3 * 4096; id++) expect(idx.add(id, id)).toBe(true);
    const far = 2 ** 40 + 3;
    expect(idx.add(far, 7)).toBe(true);
    for (let id = 4096; id < 2 * 4096; id++) idx.forget(id);
    idx.forget(far);
    expect(idx.size).toBe(4096);
    for (let id = 4096; id < 2 * 4096; id++) expect(idx.get(id)).toBe(0);
    expect(idx.get(far)).toBe(0);
    for (let id = 2 * 4096; id < 3 * 4096; id++) expect(idx.get(id)).toBe(id);
    // the first page again, on a fresh (reused) page: nothing left over from before
    expect(idx.add(5000, 1)).toBe(true);
    expect(idx.get(5001)).toBe(0);
    expect(idx.size).toBe(4097);
    for (let id = 2 * 4096; id < 3 * 4096; id++) idx.forget(id);
    idx.forget(5000);
    expect(idx.size).toBe(0);
    expect(idx.take(5000)).toBe(0);
  });
});
