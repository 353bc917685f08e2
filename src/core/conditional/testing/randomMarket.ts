// Test helper: seeded random markets, their trades and the 1-minute candles they make.

import { seededRandom } from '../../seededRandom.js';
import type { PriceBar } from '../scanBars.js';
import type { MarketTrade } from '../types.js';

/** Deterministic PRNG (core/seededRandom) so a failure replays. */
export const rng = seededRandom;

/** A random walk of `n` trades, 10 per 60 s candle, and the candles they make (ascending). */
export function randomMarket(seed: number, n: number): { trades: MarketTrade[]; bars: PriceBar[] } {
  const r = rng(seed);
  let p = 1000;
  const trades: MarketTrade[] = [];
  for (let i = 0; i < n; i++) {
    p = Math.max(1, p + Math.round((r() - 0.5) * 40));
    trades.push({
      tradeId: 10 + i * 2,
      price: String(p),
      timestamp: 60_000 * Math.floor(i / 10) + (i % 10) * 1000,
    });
  }
  const bars = new Map<number, PriceBar>();
  for (const t of trades) {
    const start = t.timestamp - (t.timestamp % 60_000);
    const b = bars.get(start);
    if (!b) bars.set(start, { timestamp: start, low: t.price, high: t.price });
    else {
      if (Number(t.price) < Number(b.low)) b.low = t.price;
      if (Number(t.price) > Number(b.high)) b.high = t.price;
    }
  }
  return { trades, bars: [...bars.values()] };
}
