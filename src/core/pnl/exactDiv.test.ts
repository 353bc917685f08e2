import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../seededRandom.js';
import { exactDivRound } from './exactDiv.js';

/** What the P&L did before: big.js's own long division. */
function reference(a: Big, b: Big, dp: number): Big {
  const keep = Big.DP;
  Big.DP = dp + 2;
  try {
    return a.div(b).round(dp, Big.roundHalfUp);
  } finally {
    Big.DP = keep;
  }
}

function decimal(r: () => number): string {
  const int = Math.floor(r() * 10 ** Math.floor(r() * 12)).toString();
  const places = Math.floor(r() * 12);
  const frac = Array.from({ length: places }, () => Math.floor(r() * 10)).join('');
  const sign = r() < 0.2 ? '-' : '';
  return `${sign}${int}${places ? `.${frac}` : ''}`;
}

describe('exactDivRound', () => {
  it('gives what big.js gives, digit for digit, on seeded values of every size and sign', () => {
    for (const seed of [1, 2, 3]) {
      const r = seededRandom(seed);
      for (let i = 0; i < 4000; i++) {
        const a = new Big(decimal(r));
        const b = new Big(decimal(r));
        if (b.eq(0)) continue;
        const dp = [0, 2, 8, 17][Math.floor(r() * 4)] as number;
        expect(exactDivRound(a, b, dp).toString(), `${a} / ${b} at ${dp}`).toBe(
          reference(a, b, dp).toString(),
        );
      }
    }
  });

  it('rounds ties as big.js does, both times, and keeps the sign of a zero result', () => {
    const cases: Array<[string, string, number]> = [
      ['1', '8', 2], // 0.125 -> 0.13
      ['-1', '8', 2],
      ['0.000000004999995', '1', 8], // rounded at 10 places first: 0.0000000050 -> 0.00000001
      ['-0.000000004999995', '1', 8],
      ['1', '3', 0],
      ['2', '3', 0],
      ['-0.0000000001', '7', 8],
      ['123456789012345678901234567890', '0.0000001', 8],
      ['5e-30', '3', 17],
    ];
    for (const [a, b, dp] of cases)
      expect(exactDivRound(new Big(a), new Big(b), dp).toString(), `${a} / ${b}`).toBe(
        reference(new Big(a), new Big(b), dp).toString(),
      );
  });

  it('refuses a division by zero as big.js does', () => {
    expect(() => exactDivRound(new Big(1), new Big(0), 8)).toThrow(/Division by zero/);
  });
});
