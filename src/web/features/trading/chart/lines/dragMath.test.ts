import { describe, expect, it } from 'vitest';
import { droppedPrice, lineAt } from './dragMath.js';

const policy = [
  { priceGte: '0', tickSize: '0.1' },
  { priceGte: '1000', tickSize: '1' },
  { priceGte: '1000000', tickSize: '1000' },
];

describe('lineAt', () => {
  it('finds the nearest line within the slop', () => {
    expect(lineAt([100, 104, 200], 103)).toBe(1);
    expect(lineAt([100, null, 200], 150)).toBe(-1);
    expect(lineAt([100, 200], 196)).toBe(1);
    expect(lineAt([], 10)).toBe(-1);
  });
});

describe('droppedPrice', () => {
  it('snaps to the tick of the price range, as a decimal string', () => {
    expect(droppedPrice(95_123_456.7, policy)).toBe('95123000');
    expect(droppedPrice(95_123_600, policy)).toBe('95124000');
    expect(droppedPrice(512.34, policy)).toBe('512.3');
    expect(droppedPrice(1234.6, policy)).toBe('1235');
  });
  it('nothing for a non-positive or non-finite price', () => {
    expect(droppedPrice(-5, policy)).toBeNull();
    expect(droppedPrice(Number.NaN, policy)).toBeNull();
    expect(droppedPrice(0.01, policy)).toBe('0.1'); // never below the smallest tick
  });
});
