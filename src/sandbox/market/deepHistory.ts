// Deep history before the 1-minute history: hourly candles going back `days`, so the daily and
// weekly charts open on a full screen too (30 days of minutes give only ~5 weekly candles).
// Each hour is stored as one 1-minute candle row at the start of the hour, carrying the hour's
// OHLCV; every interval from 60 up aggregates it exactly, shorter intervals show one candle an
// hour in that far region. The path ends at `endPrice`, the open of the first 1-minute candle.

import type { CandleColumns } from './history.js';
import { diurnalFactor, type SimParams } from './params.js';
import { PriceProcess } from './priceProcess.js';
import type { Rng } from './prng.js';
import type { TickGrid } from './ticks.js';

const HOUR = 3_600_000;
const SUBSTEPS = 6; // 10-minute steps inside an hour for its high and low

export interface DeepHistoryInput {
  grid: TickGrid;
  /** Scaled price (tick grid units) the deep path ends at. */
  endScaled: number;
  /** First millisecond NOT covered (the first 1-minute candle's start); aligned down to the hour. */
  endTime: number;
  days: number;
  qtyDecimals: number;
  params: SimParams;
  rng: Rng;
}

export function generateDeepHistory(input: DeepHistoryInput): CandleColumns {
  const { grid, params, rng, qtyDecimals } = input;
  const endHour = Math.floor(input.endTime / HOUR) * HOUR;
  const hours = Math.max(0, Math.round(input.days * 24));
  const firstHour = endHour - hours * HOUR;
  const endPrice = grid.toNumber(input.endScaled);
  const proc = new PriceProcess(endPrice, params, rng.fork('deep-path'));
  const logs = new Float64Array(hours * SUBSTEPS + 1);
  const activity = new Float32Array(hours);
  logs[0] = proc.logPrice;
  for (let h = 0; h < hours; h++) {
    activity[h] = proc.activity;
    for (let s = 1; s <= SUBSTEPS; s++) {
      proc.step(3600 / SUBSTEPS);
      logs[h * SUBSTEPS + s] = proc.logPrice;
    }
  }
  const shift = Math.log(endPrice) - logs[hours * SUBSTEPS]!;
  const cols: CandleColumns = {
    length: hours,
    ts: new Float64Array(hours),
    o: new Float64Array(hours),
    h: new Float64Array(hours),
    l: new Float64Array(hours),
    c: new Float64Array(hours),
    v: new Float64Array(hours),
    priceDecimals: grid.scaleDecimals,
    qtyDecimals,
  };
  const vrng = rng.fork('deep-volume');
  const qtyUnit = 10 ** qtyDecimals;
  let prevClose = grid.snap(Math.exp(logs[0]! + shift));
  for (let h = 0; h < hours; h++) {
    const ts = firstHour + h * HOUR;
    const last = h === hours - 1;
    const close = last ? input.endScaled : grid.snap(Math.exp(logs[(h + 1) * SUBSTEPS]! + shift));
    let hiLog = logs[h * SUBSTEPS]!;
    let loLog = hiLog;
    for (let s = 1; s <= SUBSTEPS; s++) {
      const x = logs[h * SUBSTEPS + s]!;
      if (x > hiLog) hiLog = x;
      if (x < loLog) loLog = x;
    }
    const hi = Math.exp(hiLog + shift);
    const lo = Math.exp(loLog + shift);
    const flow = activity[h]! * diurnalFactor(ts);
    const trades = Math.max(1, vrng.poisson(params.takerPerMin * 60 * flow));
    const vol = ((trades * params.takerMedianQuote * 1.5) / ((hi + lo) / 2)) * vrng.logNormal(1, 0.25);
    cols.ts[h] = ts;
    cols.o[h] = prevClose;
    cols.c[h] = close;
    cols.h[h] = Math.max(grid.snap(hi, 'nearest'), prevClose, close);
    cols.l[h] = Math.min(grid.snap(lo, 'nearest'), prevClose, close);
    cols.v[h] = Math.max(1, Math.floor(vol * qtyUnit));
    prevClose = close;
  }
  return cols;
}
