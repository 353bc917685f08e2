import { describe, expect, it } from 'vitest';
import { fromUnits, scaledDigitsToText } from './scaledDecimal.js';

describe('scaled integers as decimal text', () => {
  it('places the point, drops trailing zeros and keeps the sign', () => {
    expect(fromUnits(12500n, 3)).toBe('12.5');
    expect(fromUnits(5n, 2)).toBe('0.05');
    expect(fromUnits(-5n, 2)).toBe('-0.05');
    expect(fromUnits(1000n, 3)).toBe('1');
    expect(fromUnits(0n, 4)).toBe('0');
    expect(fromUnits(123n, 0)).toBe('123');
    expect(fromUnits(-123n, 0)).toBe('-123');
  });

  it('never writes minus zero', () => {
    expect(scaledDigitsToText('0', 3, true)).toBe('0');
  });
});
