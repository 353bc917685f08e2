import { describe, expect, it } from 'vitest';
import { isOnTick } from '../../core/tick.js';
import { KRW_TICK_POLICY } from '../exchange/markets.js';
import { levelQty, targetLadder } from './ladder.js';
import { paramsFor } from './params.js';
import { TickGrid } from './ticks.js';

const grid = new TickGrid(KRW_TICK_POLICY);
const market = { qtyDecimals: 8, minOrderValue: '5000' };

describe('maker ladder', () => {
  for (const [symbol, fair] of [
    ['btc_krw', 140_000_000],
    ['eth_krw', 5_000_000],
    ['xrp_krw', 3000],
    ['doge_krw', 350],
    ['usdt_krw', 1450],
  ] as const) {
    it(`${symbol}: two-sided, on tick, not crossed, sized above the minimum`, () => {
      const l = targetLadder(grid, symbol, fair, fair, paramsFor(symbol));
      const bids = [...l.target].filter(([, s]) => s === 'buy').map(([p]) => p);
      const asks = [...l.target].filter(([, s]) => s === 'sell').map(([p]) => p);
      expect(bids.length).toBeGreaterThanOrEqual(20);
      expect(asks.length).toBeGreaterThanOrEqual(20);
      expect(Math.max(...bids)).toBe(l.bid);
      expect(Math.min(...asks)).toBe(l.ask);
      expect(l.bid).toBeLessThan(l.ask);
      expect(grid.toNumber(l.bid)).toBeLessThan(fair);
      expect(grid.toNumber(l.ask)).toBeGreaterThan(fair);
      for (const p of [...bids, ...asks]) {
        expect(isOnTick(KRW_TICK_POLICY, grid.toDec(p))).toBe(true);
        const q = levelQty(grid, symbol, p, 0, market, paramsFor(symbol));
        expect(q).not.toBeNull();
        expect(Number(q) * grid.toNumber(p)).toBeGreaterThanOrEqual(5000);
      }
    });
  }

  it('a small move of the fair price changes only a few levels', () => {
    const p = paramsFor('btc_krw');
    const a = targetLadder(grid, 'btc_krw', 140_000_000, 140_000_000, p);
    const b = targetLadder(grid, 'btc_krw', 140_006_000, 140_000_000, p);
    const changed = [...b.target.keys()].filter((x) => !a.target.has(x)).length;
    expect(changed).toBeLessThanOrEqual(6);
  });
});
