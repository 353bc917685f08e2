import { describe, expect, it } from 'vitest';
import { IdIndex } from './idIndex.js';

describe('IdIndex', () => {
  it('agrees with a Map over a long random mix of sets and deletes (growth, probe runs, big ids)', () => {
    const idx = new IdIndex<number>(4);
    const ref = new Map<number, number>();
    let seed = 99;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const live: number[] = [];
    for (let i = 0; i < 50_000; i++) {
      if (rnd() < 0.6 || live.length === 0) {
        // dense small ids and a few beyond 2^32, as order ids may become
        const id = rnd() < 0.9 ? 1 + Math.floor(rnd() * 20_000) : 2 ** 40 + Math.floor(rnd() * 1e6);
        idx.set(id, i);
        if (!ref.has(id)) live.push(id);
        ref.set(id, i);
      } else {
        const k = Math.floor(rnd() * live.length);
        const id = live[k]!;
        live[k] = live[live.length - 1]!;
        live.pop();
        expect(idx.delete(id)).toBe(true);
        ref.delete(id);
        expect(idx.delete(id)).toBe(false);
      }
      if (i % 997 === 0) expect(idx.size).toBe(ref.size);
    }
    expect(idx.size).toBe(ref.size);
    for (const [id, v] of ref) expect(idx.get(id)).toBe(v);
    expect(idx.get(123_456_789)).toBeUndefined();
    expect([...idx.values()].sort((a, b) => a - b)).toEqual([...ref.values()].sort((a, b) => a - b));
    expect(() => idx.set(0, 1)).toThrow();
  });
});
