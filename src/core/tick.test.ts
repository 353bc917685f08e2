import { describe, expect, it } from 'vitest';
import { isOnTick, maxPriceDecimals, priceDecimals, snapToTick, stepPrice, tickFor } from './tick.js';

// A Korean-exchange style KRW policy.
const policy = [
  { priceGte: '2000000', tickSize: '1000' },
  { priceGte: '0', tickSize: '0.01' },
  { priceGte: '1', tickSize: '0.1' },
  { priceGte: '10', tickSize: '1' },
  { priceGte: '100', tickSize: '5' },
  { priceGte: '1000', tickSize: '10' },
  { priceGte: '100000', tickSize: '50' },
  { priceGte: '1000000', tickSize: '500' },
];

describe('tickFor', () => {
  it('picks the largest priceGte <= price (unsorted input)', () => {
    expect(tickFor(policy, '95000000')).toBe('1000');
    expect(tickFor(policy, '1500000')).toBe('500');
    expect(tickFor(policy, '5.5')).toBe('0.1');
  });
  it('treats a price exactly on a boundary as the upper range', () => {
    expect(tickFor(policy, '2000000')).toBe('1000');
    expect(tickFor(policy, '1999999')).toBe('500');
    expect(tickFor(policy, '100')).toBe('5');
  });
  it('uses the first range for prices below the first boundary', () => {
    const p = [{ priceGte: '10', tickSize: '1' }];
    expect(tickFor(p, '5')).toBe('1');
  });
  it('rejects an empty policy', () => {
    expect(() => tickFor([], '1')).toThrow(/empty/);
  });
});

describe('snapToTick', () => {
  it('buy rounds down, sell rounds up, nearest rounds half up', () => {
    expect(snapToTick(policy, '95000499', 'down')).toBe('95000000');
    expect(snapToTick(policy, '95000001', 'up')).toBe('95001000');
    expect(snapToTick(policy, '95000500', 'nearest')).toBe('95001000');
    expect(snapToTick(policy, '95000499', 'nearest')).toBe('95000000');
  });
  it('leaves on-tick prices unchanged', () => {
    expect(snapToTick(policy, '95000000', 'up')).toBe('95000000');
    expect(snapToTick(policy, '1234.5', 'down')).toBe('1230');
  });
  it('rounding up across a boundary lands on the coarser tick', () => {
    expect(snapToTick(policy, '1999900.5', 'up')).toBe('2000000');
    expect(isOnTick(policy, snapToTick(policy, '1999999', 'up'))).toBe(true);
  });
  it('never snaps to zero', () => {
    expect(snapToTick(policy, '0.001', 'down')).toBe('0.01');
  });
});

describe('isOnTick and precision', () => {
  it('checks multiples of the tick', () => {
    expect(isOnTick(policy, '95000000')).toBe(true);
    expect(isOnTick(policy, '95000500')).toBe(false);
    expect(isOnTick(policy, '1.5')).toBe(true);
    expect(isOnTick(policy, '1.55')).toBe(false);
    expect(isOnTick(policy, '0')).toBe(false);
    expect(isOnTick(policy, '-5')).toBe(false);
  });
  it('reports decimals', () => {
    expect(priceDecimals(policy, '5')).toBe(1);
    expect(priceDecimals(policy, '5000')).toBe(0);
    expect(maxPriceDecimals(policy)).toBe(2);
  });
  it('steps one tick up and down across boundaries', () => {
    expect(stepPrice(policy, '95000000', 1)).toBe('95001000');
    expect(stepPrice(policy, '2000000', -1)).toBe('1999500');
    expect(stepPrice(policy, '1999500', 1)).toBe('2000000');
  });
});
