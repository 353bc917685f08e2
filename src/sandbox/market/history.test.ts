import { describe, expect, it } from 'vitest';
import { isOnTick } from '../../core/tick.js';
import { candleRecords, candlesToTrades, generateHistory } from './history.js';
import { paramsFor } from './params.js';
import { Rng } from './prng.js';
import { TickGrid } from './ticks.js';

const KRW_POLICY = [
  { priceGte: '0', tickSize: '0.0001' },
  { priceGte: '1', tickSize: '0.001' },
  { priceGte: '10', tickSize: '0.01' },
  { priceGte: '100', tickSize: '0.1' },
  { priceGte: '1000', tickSize: '1' },
  { priceGte: '10000', tickSize: '10' },
  { priceGte: '100000', tickSize: '50' },
  { priceGte: '500000', tickSize: '100' },
  { priceGte: '1000000', tickSize: '500' },
  { priceGte: '2000000', tickSize: '1000' },
];

const END = Date.UTC(2026, 10, 25, 12, 30, 17);

function gen(seed: number, endPrice: string, symbol = 'btc_krw', days = 30) {
  const h = generateHistory({
    grid: new TickGrid(KRW_POLICY),
    endPrice,
    endTime: END,
    days,
    tradeWindowMs: 26 * 3_600_000,
    qtyDecimals: 8,
    params: paramsFor(symbol),
    rng: new Rng(seed).fork(symbol),
  });
  return { trades: h.trades, candles1m: candleRecords(h.candles) };
}

describe('history generator', () => {
  it('covers 30 days of minutes, candles then trades, ending exactly at the live price', () => {
    const h = gen(7, '130000000');
    const tradeMinutes = new Set(h.trades.map((t) => Math.floor(t.timestamp / 60_000)));
    expect(h.candles1m.length + tradeMinutes.size).toBe(30 * 1440);
    expect(h.trades.at(-1)!.price).toBe('130000000');
    expect(h.trades.at(-1)!.timestamp).toBeLessThan(Math.floor(END / 60_000) * 60_000);
    // trades ascending and after the last candle
    for (let i = 1; i < h.trades.length; i++)
      expect(h.trades[i]!.timestamp).toBeGreaterThanOrEqual(h.trades[i - 1]!.timestamp);
    expect(h.trades[0]!.timestamp).toBeGreaterThanOrEqual(h.candles1m.at(-1)!.timestamp + 60_000);
    expect(h.trades[0]!.timestamp).toBeGreaterThanOrEqual(END - 27 * 3_600_000);
  });

  it('emits only on-tick prices, consistent candles, positive volumes', () => {
    const h = gen(3, '2980', 'xrp_krw', 3);
    for (const c of h.candles1m) {
      for (const p of [c.open, c.high, c.low, c.close]) expect(isOnTick(KRW_POLICY, p)).toBe(true);
      expect(Number(c.high)).toBeGreaterThanOrEqual(Math.max(Number(c.open), Number(c.close)));
      expect(Number(c.low)).toBeLessThanOrEqual(Math.min(Number(c.open), Number(c.close)));
      expect(Number(c.volume)).toBeGreaterThan(0);
    }
    for (let i = 1; i < h.candles1m.length; i++) expect(h.candles1m[i]!.open).toBe(h.candles1m[i - 1]!.close);
    for (const t of h.trades.slice(0, 2000)) {
      expect(isOnTick(KRW_POLICY, t.price)).toBe(true);
      expect(Number(t.qty)).toBeGreaterThan(0);
    }
  });

  it('is deterministic for a seed and differs across seeds', () => {
    const a = gen(42, '4500000', 'eth_krw', 2);
    const b = gen(42, '4500000', 'eth_krw', 2);
    const c = gen(43, '4500000', 'eth_krw', 2);
    expect(b).toEqual(a);
    expect(c.trades.map((t) => t.price)).not.toEqual(a.trades.map((t) => t.price));
  });

  it('moves like a market: the 30-day range is plausible for the volatility', () => {
    const h = gen(11, '130000000');
    const closes = h.candles1m.map((c) => Number(c.close));
    const hi = Math.max(...closes);
    const lo = Math.min(...closes);
    expect(hi / lo).toBeGreaterThan(1.02);
    expect(hi / lo).toBeLessThan(3);
  });

  it('candlesToTrades reproduces open/high/low/close and volume', () => {
    const h = gen(5, '250', 'doge_krw', 2);
    const c = h.candles1m[0]!;
    const t = candlesToTrades([c], 8);
    expect(t.map((x) => x.price)[0]).toBe(c.open);
    expect(t.at(-1)!.price).toBe(c.close);
    const sum = t.reduce((s, x) => s + Number(x.qty), 0);
    expect(sum).toBeCloseTo(Number(c.volume), 6);
  });
});
