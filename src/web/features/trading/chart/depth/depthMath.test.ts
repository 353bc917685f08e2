import { describe, expect, it } from 'vitest';
import { depthGeometry } from './depthMath.js';

const bids = [
  { price: '99', cum: '1' },
  { price: '98', cum: '3' },
];
const asks = [
  { price: '101', cum: '2' },
  { price: '103', cum: '4' },
];

describe('depth geometry', () => {
  it('centres the mid and spans both sides symmetrically', () => {
    const g = depthGeometry(bids, asks, 200, 100)!;
    expect(g.minPrice).toBe(97);
    expect(g.maxPrice).toBe(103);
    expect(g.x(100)).toBe(100);
    expect(g.priceAt(200)).toBe(103);
    expect(g.maxCum).toBe(4);
    expect(g.y(4)).toBeCloseTo(8, 6);
    expect(g.y(0)).toBe(100);
  });

  it('bids close at the left edge, asks at the right, both on the baseline', () => {
    const g = depthGeometry(bids, asks, 200, 100)!;
    expect(g.bidPath.startsWith('M')).toBe(true);
    expect(g.bidPath).toContain('L0.0,100.0 Z');
    expect(g.askPath).toContain('L200.0,100.0 Z');
    // The tallest step is the larger cumulative (4 asks) at 92 % of the height.
    expect(g.askPath).toContain(',8.0');
  });

  it('one side only, or nothing', () => {
    expect(depthGeometry([], asks, 200, 100)!.bidPath).toBe('');
    expect(depthGeometry([], [], 200, 100)).toBeNull();
    expect(depthGeometry(bids, asks, 0, 100)).toBeNull();
  });
});
