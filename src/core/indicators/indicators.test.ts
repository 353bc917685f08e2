import { describe, expect, it } from 'vitest';
import {
  computeSeries,
  createIndicatorStream,
  DEFAULT_SPECS,
  INDICATOR_KINDS,
  type IndicatorBar,
  type IndicatorSpec,
  outputsOf,
  specId,
  specLabel,
  validateSpec,
} from './index.js';

const MIN = 60_000;
const bar = (i: number, close: number, extra: Partial<IndicatorBar> = {}): IndicatorBar => ({
  time: i * MIN,
  open: close,
  high: close + 1,
  low: close - 1,
  close,
  volume: 10,
  ...extra,
});

/** Deterministic walk (a small LCG), so failures reproduce. */
function walk(n: number, seed = 7): IndicatorBar[] {
  let s = seed;
  const rnd = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  const out: IndicatorBar[] = [];
  let price = 100;
  for (let i = 0; i < n; i++) {
    const open = price;
    price = Math.max(1, price + (rnd() - 0.5) * 4);
    const high = Math.max(open, price) + rnd() * 2;
    const low = Math.min(open, price) - rnd() * 2;
    out.push({ time: i * MIN, open, high, low, close: price, volume: 1 + rnd() * 50 });
  }
  return out;
}

describe('indicator values', () => {
  it('simple moving average of the closes', () => {
    const { points } = computeSeries(
      { kind: 'sma', period: 3 },
      [1, 2, 3, 4, 5].map((c, i) => bar(i, c)),
    );
    expect(points.map((p) => p.time)).toEqual([2 * MIN, 3 * MIN, 4 * MIN]);
    expect(points.map((p) => p.values[0])).toEqual([2, 3, 4]);
  });

  it('bollinger bands: middle is the mean, bands at mult population deviations', () => {
    const { points } = computeSeries(
      { kind: 'bb', period: 3, mult: 2 },
      [1, 2, 3].map((c, i) => bar(i, c)),
    );
    const [upper, middle, lower] = points[0]!.values as [number, number, number];
    const sd = Math.sqrt(2 / 3);
    expect(middle).toBeCloseTo(2, 10);
    expect(upper).toBeCloseTo(2 + 2 * sd, 10);
    expect(lower).toBeCloseTo(2 - 2 * sd, 10);
  });

  it('RSI is 100 after only gains and 0 after only losses', () => {
    const up = computeSeries(
      { kind: 'rsi', period: 3 },
      [1, 2, 3, 4, 5, 6].map((c, i) => bar(i, c)),
    );
    expect(up.points.at(-1)!.values[0]).toBe(100);
    const down = computeSeries(
      { kind: 'rsi', period: 3 },
      [6, 5, 4, 3, 2, 1].map((c, i) => bar(i, c)),
    );
    expect(down.points.at(-1)!.values[0]).toBe(0);
  });

  it('EMA stays hidden until a full period of bars', () => {
    const { points } = computeSeries(
      { kind: 'ema', period: 3 },
      [1, 2, 3, 4].map((c, i) => bar(i, c)),
    );
    expect(points.map((p) => p.time)).toEqual([2 * MIN, 3 * MIN]);
  });

  it('volume MA averages volumes, not prices', () => {
    const bars = [10, 20, 60].map((v, i) => bar(i, 5, { volume: v }));
    expect(computeSeries({ kind: 'volma', period: 3 }, bars).points[0]!.values[0]).toBe(30);
  });

  it('VWAP weights typical prices by volume and restarts each session', () => {
    const day = 86_400_000;
    const bars: IndicatorBar[] = [
      { time: 0, open: 0, high: 12, low: 6, close: 9, volume: 1 }, // typical 9
      { time: MIN, open: 0, high: 21, low: 15, close: 18, volume: 2 }, // typical 18
      { time: day, open: 0, high: 6, low: 0, close: 3, volume: 5 }, // next session, typical 3
    ];
    const { points } = computeSeries({ kind: 'vwap' }, bars, { sessionMs: day, sessionOffsetMs: 0 });
    expect(points.map((p) => p.values[0])).toEqual([9, 15, 3]);
  });

  it('stochastic %K is 100 when the close is the period high', () => {
    const bars = [1, 2, 3, 4, 5].map((c, i) => bar(i, c, { high: c, low: c - 1 }));
    const { points } = computeSeries({ kind: 'stoch', k: 3, smooth: 1, d: 1 }, bars);
    expect(points.at(-1)!.values[0]).toBe(100);
  });
});

describe('streaming updates', () => {
  it.each(INDICATOR_KINDS.map((k) => [k]))(
    '%s: a live last candle replaced tick by tick ends where a full recompute does',
    (kind) => {
      const spec = DEFAULT_SPECS[kind];
      const bars = walk(120);
      const stream = createIndicatorStream(spec);
      let last = null as ReturnType<typeof stream.push>;
      for (const b of bars) {
        // Three intermediate states of the candle before its final one, each replacing the previous.
        for (const f of [0.2, 0.5, 0.9]) {
          stream.push({ ...b, close: b.open + (b.close - b.open) * f, volume: b.volume * f });
        }
        last = stream.push(b);
      }
      const full = computeSeries(spec, bars).points.at(-1)!;
      expect(last).not.toBeNull();
      expect(last!.time).toBe(full.time);
      expect(last!.values).toHaveLength(outputsOf(kind).length);
      last!.values.forEach((v, i) => {
        expect(v).toBeCloseTo(full.values[i]!, 8);
      });
    },
  );

  it('the stream continues a seeded series: appending equals recomputing', () => {
    const bars = walk(80);
    const spec: IndicatorSpec = { kind: 'macd', fast: 5, slow: 10, signal: 4 };
    const { stream } = computeSeries(spec, bars.slice(0, 60));
    let p = null as ReturnType<typeof stream.push>;
    for (const b of bars.slice(60)) p = stream.push(b);
    const full = computeSeries(spec, bars).points.at(-1)!;
    p!.values.forEach((v, i) => {
      expect(v).toBeCloseTo(full.values[i]!, 8);
    });
  });

  it('ignores a bar older than the last one', () => {
    const s = createIndicatorStream({ kind: 'sma', period: 1 });
    expect(s.push(bar(5, 10))?.values).toEqual([10]);
    expect(s.push(bar(4, 99))).toBeNull();
    expect(s.push(bar(5, 12))?.values).toEqual([12]);
  });
});

describe('specs', () => {
  it('labels and ids tell configurations apart', () => {
    expect(specLabel({ kind: 'sma', period: 20 })).toBe('MA 20');
    expect(specId({ kind: 'macd', fast: 12, slow: 26, signal: 9 })).toBe('macd-12-26-9');
    expect(specId({ kind: 'sma', period: 5 })).not.toBe(specId({ kind: 'sma', period: 20 }));
  });

  it('validates what storage or the user hands in', () => {
    expect(validateSpec({ kind: 'ema', period: 9 })).toEqual({ kind: 'ema', period: 9 });
    expect(validateSpec({ kind: 'ema', period: 0 })).toBeNull();
    expect(validateSpec({ kind: 'ema', period: 2.5 })).toBeNull();
    expect(validateSpec({ kind: 'rsi', period: 1 })).toBeNull();
    expect(validateSpec({ kind: 'macd', fast: 26, slow: 12, signal: 9 })).toBeNull();
    expect(validateSpec({ kind: 'bb', period: 20, mult: 0 })).toBeNull();
    expect(validateSpec({ kind: 'nope' })).toBeNull();
    expect(validateSpec(null)).toBeNull();
    for (const k of INDICATOR_KINDS) expect(validateSpec(DEFAULT_SPECS[k])).toEqual(DEFAULT_SPECS[k]);
  });
});
