import { describe, expect, it } from 'vitest';
import { isOnTick } from '../../core/tick.js';
import { generateDeepHistory } from './deepHistory.js';
import { candleRecords } from './history.js';
import { paramsFor } from './params.js';
import { Rng } from './prng.js';
import { TickGrid } from './ticks.js';

const POLICY = [
  { priceGte: '0', tickSize: '1' },
  { priceGte: '1000000', tickSize: '500' },
  { priceGte: '2000000', tickSize: '1000' },
];
const grid = new TickGrid(POLICY);
const END = Date.UTC(2026, 9, 26, 12, 31);

function deep(seed: number, days = 730, symbol = 'btc_krw') {
  return generateDeepHistory({
    grid,
    endScaled: grid.fromDec('131000000'),
    endTime: END,
    days,
    qtyDecimals: 8,
    params: paramsFor(symbol),
    rng: new Rng(seed).fork(symbol),
  });
}

describe('deep (hourly) history', () => {
  it('covers the days before the minute history hour by hour and ends at its first open', () => {
    const cols = deep(1);
    expect(cols.length).toBe(730 * 24);
    const rows = candleRecords(cols);
    expect(rows.at(-1)!.timestamp).toBe(Date.UTC(2026, 9, 26, 11));
    expect(rows.at(-1)!.close).toBe('131000000');
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i]!.timestamp - rows[i - 1]!.timestamp).toBe(3_600_000);
      expect(rows[i]!.open).toBe(rows[i - 1]!.close);
    }
  });
  it('emits consistent on-tick candles with positive volume', () => {
    for (const k of candleRecords(deep(2, 60))) {
      expect(isOnTick(POLICY, k.open) && isOnTick(POLICY, k.close), k.open).toBe(true);
      expect(Number(k.high)).toBeGreaterThanOrEqual(Math.max(Number(k.open), Number(k.close)));
      expect(Number(k.low)).toBeLessThanOrEqual(Math.min(Number(k.open), Number(k.close)));
      expect(Number(k.volume)).toBeGreaterThan(0);
    }
  });
  it('is deterministic for a seed and stays in a plausible range over two years', () => {
    expect(candleRecords(deep(3, 30))).toEqual(candleRecords(deep(3, 30)));
    expect(candleRecords(deep(3, 30))).not.toEqual(candleRecords(deep(4, 30)));
    const rows = candleRecords(deep(5));
    const first = Number(rows[0]!.open);
    expect(first).toBeGreaterThan(131_000_000 / 8);
    expect(first).toBeLessThan(131_000_000 * 8);
  });
});
