// Seeded history for a first start: `days` of 1-minute candles generated directly, plus public
// trades for the most recent `tradeWindowMs` (enough for the 24 h ticker and the 1-minute chart).
// The path ends exactly at `endPrice`: the last seeded trade is at that price. Deterministic for
// (seed, symbol, endTime, endPrice).
import type { Candle, HistoricalTrade } from '../context.js';
import { diurnalFactor, type SimParams } from './params.js';
import { PriceProcess } from './priceProcess.js';
import type { Rng } from './prng.js';
import { qtyToDec, type TickGrid } from './ticks.js';

export interface HistoryInput {
  grid: TickGrid;
  /** Live price the history must end at (decimal string on the tick grid). */
  endPrice: string;
  /** History covers minutes strictly before the minute containing endTime. */
  endTime: number;
  days: number;
  tradeWindowMs: number;
  qtyDecimals: number;
  params: SimParams;
  rng: Rng;
}

export interface GeneratedHistory {
  /** Candles for the minutes before the first trade (ascending). */
  candles1m: Candle[];
  /** Trades of the trade window (ascending by timestamp). */
  trades: HistoricalTrade[];
}

const MINUTE = 60_000;
const SUBSTEPS = 6; // 10-second steps of the price process per minute

export function generateHistory(input: HistoryInput): GeneratedHistory {
  const { grid, params, rng, qtyDecimals } = input;
  const endMinute = Math.floor(input.endTime / MINUTE) * MINUTE;
  const minutes = Math.max(1, Math.round(input.days * 1440));
  const firstMinute = endMinute - minutes * MINUTE;
  const tradeStart = Math.max(firstMinute, endMinute - Math.ceil(input.tradeWindowMs / MINUTE) * MINUTE);
  const endPriceNum = Number(input.endPrice);

  // Forward path, then shift in log space so it ends exactly at the live price.
  const proc = new PriceProcess(endPriceNum, params, rng.fork('path'));
  const logs = new Float64Array(minutes * SUBSTEPS + 1);
  const activity = new Float32Array(minutes);
  logs[0] = proc.logPrice;
  for (let m = 0; m < minutes; m++) {
    activity[m] = proc.activity;
    for (let s = 1; s <= SUBSTEPS; s++) {
      proc.step(60 / SUBSTEPS);
      logs[m * SUBSTEPS + s] = proc.logPrice;
    }
  }
  const shift = Math.log(endPriceNum) - logs[minutes * SUBSTEPS]!;
  const priceAt = (i: number) => Math.exp(logs[i]! + shift);

  const candles: Candle[] = [];
  const trades: HistoricalTrade[] = [];
  const vrng = rng.fork('volume');
  const minQty = 10 ** -qtyDecimals;
  let prevClose = grid.snap(priceAt(0));
  const lastIndex = minutes - 1;

  for (let m = 0; m < minutes; m++) {
    const ts = firstMinute + m * MINUTE;
    const flow = activity[m]! * diurnalFactor(ts);
    if (ts < tradeStart) {
      // Candle straight from the path: open = previous close, extremes from the sub-steps.
      const open = prevClose;
      const close = grid.snap(priceAt((m + 1) * SUBSTEPS));
      let hi = Math.max(grid.toNumber(open), grid.toNumber(close));
      let lo = Math.min(grid.toNumber(open), grid.toNumber(close));
      for (let s = 1; s < SUBSTEPS; s++) {
        const p = priceAt(m * SUBSTEPS + s);
        if (p > hi) hi = p;
        if (p < lo) lo = p;
      }
      const high = Math.max(grid.snap(hi, 'nearest'), open, close);
      const low = Math.min(grid.snap(lo, 'nearest'), open, close);
      const mid = (hi + lo) / 2;
      const n = Math.max(1, vrng.poisson(params.takerPerMin * flow));
      let vol = 0;
      for (let k = 0; k < n; k++) vol += vrng.logNormal(params.takerMedianQuote, 0.9) / mid;
      candles.push({
        timestamp: ts,
        open: grid.toDec(open),
        high: grid.toDec(high),
        low: grid.toDec(low),
        close: grid.toDec(close),
        volume: qtyToDec(Math.max(vol, minQty), qtyDecimals),
      });
      prevClose = close;
      continue;
    }
    // Trade window: individual trades along the path with a bid/ask bounce.
    const n = Math.max(1, vrng.poisson(params.takerPerMin * flow));
    const offsets: number[] = [];
    for (let k = 0; k < n; k++) offsets.push(vrng.next());
    offsets.sort((a, b) => a - b);
    for (let k = 0; k < n; k++) {
      const f = offsets[k]! * SUBSTEPS;
      const i = m * SUBSTEPS + Math.floor(f);
      const p = priceAt(i) + (priceAt(i + 1) - priceAt(i)) * (f - Math.floor(f));
      const isBuyerTaker = vrng.chance(0.5);
      const half = (p * params.halfSpreadBps) / 10_000;
      const isLast = m === lastIndex && k === n - 1;
      const scaled = isLast
        ? grid.fromDec(input.endPrice)
        : grid.snap(isBuyerTaker ? p + half : p - half, isBuyerTaker ? 'up' : 'down');
      const large = vrng.chance(0.01) ? vrng.uniform(8, 30) : 1;
      const q = Math.max((vrng.logNormal(params.takerMedianQuote, 0.9) * large) / p, minQty);
      trades.push({
        timestamp: ts + Math.min(MINUTE - 1, Math.floor(offsets[k]! * MINUTE)),
        price: grid.toDec(scaled),
        qty: qtyToDec(q, qtyDecimals),
        isBuyerTaker,
      });
    }
  }
  return { candles1m: candles, trades };
}

/**
 * Fallback when the store cannot take candles directly: four trades per candle (open, the two
 * extremes, close) carrying the candle's volume, so the store's own candle building reproduces it.
 */
export function candlesToTrades(candles: readonly Candle[], qtyDecimals: number): HistoricalTrade[] {
  const out: HistoricalTrade[] = [];
  const unit = 10 ** qtyDecimals;
  for (const c of candles) {
    const total = Math.round(Number(c.volume) * unit);
    const part = Math.max(1, Math.floor(total / 4));
    const last = Math.max(1, total - 3 * part);
    const up = Number(c.close) >= Number(c.open);
    const path = up ? [c.open, c.low, c.high, c.close] : [c.open, c.high, c.low, c.close];
    path.forEach((price, i) => {
      out.push({
        timestamp: c.timestamp + i * 15_000,
        price,
        qty: qtyToDec((i === 3 ? last : part) / unit, qtyDecimals),
        isBuyerTaker: i % 2 === 0,
      });
    });
  }
  return out;
}
