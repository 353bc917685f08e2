// Seeded history for a first start: `days` of 1-minute candles generated directly, plus public
// trades for the most recent `tradeWindowMs` (enough for the 24 h ticker and the 1-minute chart).
// The path ends exactly at `endPrice`: the last seeded trade is at that price. Deterministic for
// (seed, symbol, endTime, endPrice).
import type { Candle, HistoricalTrade } from '../context.js';
import { diurnalFactor, type SimParams } from './params.js';
import { PriceProcess } from './priceProcess.js';
import type { Rng } from './prng.js';
import { qtyToDec, scaledToDec, type TickGrid } from './ticks.js';

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

/** 1-minute candles as columns: prices in the tick grid's scaled integers, volume in qty units. */
export interface CandleColumns {
  length: number;
  ts: Float64Array;
  o: Float64Array;
  h: Float64Array;
  l: Float64Array;
  c: Float64Array;
  v: Float64Array;
  priceDecimals: number;
  qtyDecimals: number;
}

export interface GeneratedHistory {
  /** Candles for the minutes before the first trade (ascending). */
  candles: CandleColumns;
  /** Trades of the trade window (ascending by timestamp). */
  trades: HistoricalTrade[];
}

/** Candle records (decimal strings) from the columns. */
export function candleRecords(cols: CandleColumns): Candle[] {
  const out: Candle[] = new Array(cols.length);
  const p = (x: number) => scaledToDec(x, cols.priceDecimals);
  for (let i = 0; i < cols.length; i++) {
    out[i] = {
      timestamp: cols.ts[i]!,
      open: p(cols.o[i]!),
      high: p(cols.h[i]!),
      low: p(cols.l[i]!),
      close: p(cols.c[i]!),
      volume: scaledToDec(cols.v[i]!, cols.qtyDecimals),
    };
  }
  return out;
}

const MINUTE = 60_000;
const SUBSTEPS = 4; // 15-second steps of the price process per minute
const DENSE_MS = 3 * 3_600_000;
const SPARSE_MAX = 3;

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

  const candleCount = Math.max(0, Math.min(minutes, (tradeStart - firstMinute) / MINUTE));
  const cols: CandleColumns = {
    length: candleCount,
    ts: new Float64Array(candleCount),
    o: new Float64Array(candleCount),
    h: new Float64Array(candleCount),
    l: new Float64Array(candleCount),
    c: new Float64Array(candleCount),
    v: new Float64Array(candleCount),
    priceDecimals: grid.scaleDecimals,
    qtyDecimals,
  };
  const qtyUnit = 10 ** qtyDecimals;
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
      let hiLog = logs[m * SUBSTEPS]!;
      let loLog = hiLog;
      for (let s = 1; s <= SUBSTEPS; s++) {
        const x = logs[m * SUBSTEPS + s]!;
        if (x > hiLog) hiLog = x;
        else if (x < loLog) loLog = x;
      }
      const hi = Math.exp(hiLog + shift);
      const lo = Math.exp(loLog + shift);
      const high = Math.max(grid.snap(hi, 'nearest'), open, close);
      const low = Math.min(grid.snap(lo, 'nearest'), open, close);
      const mid = (hi + lo) / 2;
      // Sum of n log-normal trade values, approximated by one draw (mean exp(0.9^2/2) ~ 1.5).
      const n = Math.max(1, vrng.poisson(params.takerPerMin * flow));
      const vol = ((n * params.takerMedianQuote * 1.5) / mid) * vrng.logNormal(1, 0.9 / Math.sqrt(n));
      cols.ts[m] = ts;
      cols.o[m] = open;
      cols.h[m] = high;
      cols.l[m] = low;
      cols.c[m] = close;
      cols.v[m] = Math.max(1, Math.floor(vol * qtyUnit));
      prevClose = close;
      continue;
    }
    // Trade window: individual trades along the path with a bid/ask bounce. Minutes older than
    // DENSE_MS keep at most SPARSE_MAX trades, each carrying the volume of the ones left out
    // (fewer rows to import; only the trades tape beyond its newest hours would notice).
    const drawn = Math.max(1, vrng.poisson(params.takerPerMin * flow));
    const n = ts < endMinute - DENSE_MS ? Math.min(drawn, SPARSE_MAX) : drawn;
    const volumeScale = drawn / n;
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
      const q = Math.max((vrng.logNormal(params.takerMedianQuote, 0.9) * large * volumeScale) / p, minQty);
      trades.push({
        timestamp: ts + Math.min(MINUTE - 1, Math.floor(offsets[k]! * MINUTE)),
        price: grid.toDec(scaled),
        qty: qtyToDec(q, qtyDecimals),
        isBuyerTaker,
      });
    }
  }
  return { candles: cols, trades };
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
