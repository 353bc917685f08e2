import { describe, expect, it } from 'vitest';
import { formatNumber } from '../format.js';
import { type BookLevel, buildLadder, canon, decimalLadder } from './bookMath.js';
import { fixedText, fromScaled, toScaled } from './scaled.js';

/** Deterministic pseudo-random numbers (the same cases every run). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function randomDecimal(r: () => number, maxInt: number, maxDp: number): string {
  const int = String(Math.floor(r() * maxInt));
  const dp = Math.floor(r() * (maxDp + 1));
  let frac = '';
  for (let i = 0; i < dp; i++) frac += String(Math.floor(r() * 10));
  return dp ? `${int}.${frac}` : int;
}

describe('scaled integers', () => {
  it('round-trips decimal strings exactly', () => {
    expect(toScaled('12.5', 3)).toBe(12500);
    expect(toScaled('0.00012345', 8)).toBe(12345);
    expect(fromScaled(12500, 3)).toBe('12.5');
    expect(fromScaled(12345, 8)).toBe('0.00012345');
    expect(fromScaled(-5, 1)).toBe('-0.5');
    expect(fromScaled(0, 4)).toBe('0');
  });

  it('refuses what it cannot hold exactly', () => {
    expect(toScaled('1.2345', 2)).toBeNull();
    expect(toScaled('-1', 0)).toBeNull();
    expect(toScaled('1e5', 0)).toBeNull();
    expect(toScaled('123456789012345678', 0)).toBeNull();
  });
});

describe('fixedText', () => {
  it('rounds half up with carries and groups thousands', () => {
    expect(fixedText('1999.995', 2)).toBe('2,000.00');
    expect(fixedText('999.5', 0)).toBe('1,000');
    expect(fixedText('0.00004', 4)).toBe('0.0000');
    expect(fixedText('13978', 3)).toBe('13,978.000');
    expect(fixedText('-0.004', 2)).toBe('0.00');
  });

  it('gives the same text as formatNumber on many values', () => {
    const r = rng(12);
    for (let i = 0; i < 3000; i++) {
      const v = randomDecimal(r, 10 ** Math.floor(r() * 10), 9);
      const dp = Math.floor(r() * 6);
      expect(fixedText(v, dp), `${v} @${dp}`).toBe(formatNumber(v, { dp, minDp: dp }));
    }
  });
});

describe('buildLadder fast path', () => {
  const side = (r: () => number, n: number, base: number, dir: 1 | -1): BookLevel[] =>
    Array.from({ length: n }, () => ({
      price: String(base + dir * Math.floor(r() * 40) * 5),
      qty: r() < 0.1 ? '0' : randomDecimal(r, 5000, 8),
    }));

  it('matches the big.js reference on random books (duplicates, zero levels, crossed tops)', () => {
    const r = rng(7);
    for (let i = 0; i < 300; i++) {
      const bids = side(r, 1 + Math.floor(r() * 40), 10_000 + Math.floor(r() * 3) * 5, -1);
      const asks = side(r, 1 + Math.floor(r() * 40), 10_000, 1);
      const fast = buildLadder(bids, asks, 20);
      const ref = decimalLadder(bids, asks, 20);
      const strip = (rows: typeof fast.bids) => rows.map((x) => [canon(x.price), canon(x.qty), canon(x.cum)]);
      expect(strip(fast.bids)).toEqual(strip(ref.bids));
      expect(strip(fast.asks)).toEqual(strip(ref.asks));
      expect(fast.spread && canon(fast.spread)).toBe(ref.spread && canon(ref.spread));
      expect(fast.mid).toBe(ref.mid);
      fast.bids.forEach((row, k) => {
        expect(Math.abs(row.depth - ref.bids[k]!.depth)).toBeLessThanOrEqual(1e-4);
      });
    }
  });

  it('falls back to big.js for values beyond the safe integer range', () => {
    const l = buildLadder([{ price: '100', qty: '90071992547409.93' }], [{ price: '101', qty: '1' }]);
    expect(l.bids[0]!.cum).toBe('90071992547409.93');
    expect(l.spread).toBe('1');
  });
});
