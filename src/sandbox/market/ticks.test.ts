import { describe, expect, it } from 'vitest';
import { isOnTick, snapToTick } from '../../core/tick.js';
import { Rng } from './prng.js';
import { qtyToDec, scaledToDec, TickGrid } from './ticks.js';

const POLICY = [
  { priceGte: '0', tickSize: '0.001' },
  { priceGte: '1', tickSize: '0.01' },
  { priceGte: '100', tickSize: '0.1' },
  { priceGte: '1000', tickSize: '1' },
  { priceGte: '10000', tickSize: '5' },
  { priceGte: '1000000', tickSize: '500' },
  { priceGte: '2000000', tickSize: '1000' },
];

describe('TickGrid', () => {
  const grid = new TickGrid(POLICY);
  it('agrees with core snapToTick for random prices in every range', () => {
    const rng = new Rng(1);
    for (let i = 0; i < 3000; i++) {
      const p = Math.exp(rng.uniform(Math.log(0.01), Math.log(300_000_000)));
      const dec = p.toFixed(6);
      for (const dir of ['down', 'up', 'nearest'] as const) {
        const mine = grid.toDec(grid.snap(Number(dec), dir));
        expect(isOnTick(POLICY, mine)).toBe(true);
        if (dir !== 'nearest') expect(mine).toBe(snapToTick(POLICY, dec, dir));
      }
    }
  });
  it('steps across range boundaries', () => {
    const x = grid.fromDec('999.9');
    expect(grid.toDec(grid.up(x))).toBe('1000');
    expect(grid.toDec(grid.up(grid.up(x)))).toBe('1001');
    expect(grid.toDec(grid.down(grid.fromDec('1000')))).toBe('999.9');
    expect(grid.toDec(grid.down(grid.fromDec('2000000')))).toBe('1999500');
  });
  it('formats exact decimals', () => {
    expect(scaledToDec(12345, 3)).toBe('12.345');
    expect(scaledToDec(12000, 3)).toBe('12');
    expect(scaledToDec(5, 3)).toBe('0.005');
    expect(qtyToDec(0.123456789, 8)).toBe('0.12345678');
    expect(qtyToDec(1e-9, 8)).toBe('0');
  });
});
