import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { canonicalPlain, cmpCanonical, isMultipleOfCanonical, placesOfCanonical } from './plainDecimal.js';

Big.NE = -1_000_000;
Big.PE = 1_000_000;

/** big.js's reading of a decimal, in the canonical form decimal.ts has always produced. */
function bigCanonical(s: string): string {
  const t = new Big(s).toFixed();
  const trimmed = t.includes('.') ? t.replace(/0+$/, '').replace(/\.$/, '') : t;
  return trimmed === '-0' ? '0' : trimmed;
}

// a seeded generator: the same cases every run, many shapes (zeros at both ends, signs, long digits)
function* cases(n: number): Generator<string> {
  let x = 12345;
  const next = (m: number) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % m;
  };
  const digits = (len: number) => Array.from({ length: len }, () => '0001234567899'[next(13)]).join('');
  for (let i = 0; i < n; i++) {
    const int = digits(1 + next(12));
    const frac = next(3) === 0 ? '' : `.${digits(1 + next(10))}`;
    yield `${next(4) === 0 ? '-' : ''}${int}${frac}`;
  }
}

describe('canonicalPlain', () => {
  it('agrees with big.js on every plain decimal', () => {
    for (const s of cases(4000)) expect(canonicalPlain(s), s).toBe(bigCanonical(s));
  });

  it('trims zeros at both ends and never gives -0', () => {
    expect(canonicalPlain('007.1000')).toBe('7.1');
    expect(canonicalPlain('0.000')).toBe('0');
    expect(canonicalPlain('-0.0')).toBe('0');
    expect(canonicalPlain('-000.50')).toBe('-0.5');
    expect(canonicalPlain('100')).toBe('100');
  });

  it('leaves anything but plain decimal text to the slow path', () => {
    for (const s of ['', '1e5', '.5', '1.', '+1', ' 1', '1,000', '--1', '0x10', '1.2.3']) {
      expect(canonicalPlain(s), s).toBeNull();
    }
  });
});

describe('cmpCanonical', () => {
  it('orders decimals as big.js does', () => {
    const all = [...cases(300)].map(bigCanonical);
    for (let i = 0; i + 1 < all.length; i++) {
      const a = all[i]!;
      for (const b of [all[i + 1]!, a, '0', '-0.5', '10', '9.99']) {
        expect(cmpCanonical(a, b), `${a} vs ${b}`).toBe(new Big(a).cmp(b));
      }
    }
  });
});

describe('isMultipleOfCanonical', () => {
  it('agrees with big.js mod on prices and ticks', () => {
    const ticks = ['1', '5', '10', '1000', '0.1', '0.01', '0.0001', '0.5', '25'];
    for (const s of cases(1500)) {
      const a = bigCanonical(s);
      for (const t of ticks) expect(isMultipleOfCanonical(a, t), `${a} % ${t}`).toBe(new Big(a).mod(t).eq(0));
    }
    expect(isMultipleOfCanonical('140000000', '1000')).toBe(true);
    expect(isMultipleOfCanonical('140000500', '1000')).toBe(false);
    expect(isMultipleOfCanonical('0.15', '0.05')).toBe(true);
  });

  it('gives null for a zero step', () => {
    expect(isMultipleOfCanonical('5', '0')).toBeNull();
  });
});

describe('placesOfCanonical', () => {
  it('counts digits after the dot', () => {
    expect(placesOfCanonical('12')).toBe(0);
    expect(placesOfCanonical('-0.0015')).toBe(4);
  });
});
