// Streaming indicator calculators over chart bars, wrapping trading-signals (a kept TypeScript library with
// incremental `update(input, replace)`). A bar whose time equals the last one replaces it (the live candle
// moving); a later bar is appended. Each push costs O(period) at most, never a pass over the series.
import { BollingerBands, EMA, MACD, RSI, SMA, StochasticOscillator, VWAP } from 'trading-signals';
import type { IndicatorSpec } from './specs.js';

/** A candle as numbers (the chart edge): `time` is the bucket start in ms. */
export interface IndicatorBar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** One output point; `values` follow outputsOf(spec.kind). */
export interface IndicatorPoint {
  time: number;
  values: number[];
}

export interface StreamOptions {
  /** VWAP restarts at each session boundary: floor((time + offset) / length). Default: one KST day. */
  sessionMs?: number;
  sessionOffsetMs?: number;
}

export interface IndicatorStream {
  /** Adds or replaces the last bar; returns the point for that bar, or null while warming up. */
  push(bar: IndicatorBar): IndicatorPoint | null;
  /** Time of the last bar pushed (-Infinity before any). */
  readonly lastTime: number;
}

type Step = (bar: IndicatorBar, replace: boolean) => number[] | null;

const DAY = 86_400_000;
const KST = 9 * 3_600_000;

function vwapStep(opts: StreamOptions): Step {
  const len = opts.sessionMs ?? DAY;
  const offset = opts.sessionOffsetMs ?? KST;
  let session = Number.NaN;
  let calc = new VWAP();
  // Bars seen in the current session, so a replace of the session's first bar can restart it cleanly.
  let count = 0;
  return (bar, replace) => {
    const s = len > 0 ? Math.floor((bar.time + offset) / len) : 0;
    if (s !== session) {
      session = s;
      calc = new VWAP();
      count = 0;
      replace = false;
    }
    if (!replace) count++;
    if (replace && count === 1) {
      calc = new VWAP();
      replace = false;
    }
    const v = calc.update({ high: bar.high, low: bar.low, close: bar.close, volume: bar.volume }, replace);
    return v == null ? null : [v];
  };
}

function makeStep(spec: IndicatorSpec, opts: StreamOptions): Step {
  switch (spec.kind) {
    case 'sma': {
      const c = new SMA(spec.period);
      return (b, r) => one(c.update(b.close, r));
    }
    case 'ema': {
      const c = new EMA(spec.period);
      let n = 0;
      return (b, r) => {
        if (!r) n++;
        const v = c.update(b.close, r);
        // trading-signals' EMA answers from the first price; hide it until a full period has passed.
        return n >= spec.period ? [v] : null;
      };
    }
    case 'volma': {
      const c = new SMA(spec.period);
      return (b, r) => one(c.update(b.volume, r));
    }
    case 'rsi': {
      const c = new RSI(spec.period);
      return (b, r) => one(c.update(b.close, r));
    }
    case 'bb': {
      const c = new BollingerBands(spec.period, spec.mult);
      return (b, r) => {
        const v = c.update(b.close, r);
        return v ? [v.upper, v.middle, v.lower] : null;
      };
    }
    case 'macd': {
      const c = new MACD(new EMA(spec.fast), new EMA(spec.slow), new EMA(spec.signal));
      return (b, r) => {
        const v = c.update(b.close, r);
        return v ? [v.macd, v.signal, v.histogram] : null;
      };
    }
    case 'stoch': {
      const c = new StochasticOscillator({ kPeriod: spec.k, kSlowingPeriod: spec.smooth, dPeriod: spec.d });
      return (b, r) => {
        const v = c.update({ high: b.high, low: b.low, close: b.close }, r);
        return v ? [v.stochK, v.stochD] : null;
      };
    }
    case 'vwap':
      return vwapStep(opts);
  }
}

const one = (v: number | null): number[] | null => (v == null || !Number.isFinite(v) ? null : [v]);

export function createIndicatorStream(spec: IndicatorSpec, opts: StreamOptions = {}): IndicatorStream {
  const step = makeStep(spec, opts);
  let lastTime = Number.NEGATIVE_INFINITY;
  return {
    get lastTime() {
      return lastTime;
    },
    push(bar) {
      if (bar.time < lastTime) return null; // out of order: ignored (history is seeded oldest first)
      const replace = bar.time === lastTime;
      lastTime = bar.time;
      const values = step(bar, replace);
      if (!values || values.some((v) => !Number.isFinite(v))) return null;
      return { time: bar.time, values };
    },
  };
}

/** Runs a fresh stream over a whole history (used once per history page, not per tick). */
export function computeSeries(
  spec: IndicatorSpec,
  bars: readonly IndicatorBar[],
  opts: StreamOptions = {},
): { points: IndicatorPoint[]; stream: IndicatorStream } {
  const stream = createIndicatorStream(spec, opts);
  const points: IndicatorPoint[] = [];
  for (const b of bars) {
    const p = stream.push(b);
    if (p) points.push(p);
  }
  return { points, stream };
}
