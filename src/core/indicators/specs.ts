// Indicator settings: what the chart toolbar lets the user toggle and configure, and what each one outputs.
// Pure data and validation; the calculators live in stream.ts.

export type IndicatorSpec =
  | { kind: 'sma'; period: number }
  | { kind: 'ema'; period: number }
  | { kind: 'bb'; period: number; mult: number }
  | { kind: 'vwap' }
  | { kind: 'volma'; period: number }
  | { kind: 'rsi'; period: number }
  | { kind: 'macd'; fast: number; slow: number; signal: number }
  | { kind: 'stoch'; k: number; smooth: number; d: number };

export type IndicatorKind = IndicatorSpec['kind'];

/** Where an indicator is drawn: over the candles, on the volume scale, or in its own pane below. */
export type IndicatorPlace = 'price' | 'volume' | 'pane';

export const INDICATOR_KINDS: readonly IndicatorKind[] = [
  'sma',
  'ema',
  'bb',
  'vwap',
  'volma',
  'rsi',
  'macd',
  'stoch',
];

export const DEFAULT_SPECS: Record<IndicatorKind, IndicatorSpec> = {
  sma: { kind: 'sma', period: 20 },
  ema: { kind: 'ema', period: 50 },
  bb: { kind: 'bb', period: 20, mult: 2 },
  vwap: { kind: 'vwap' },
  volma: { kind: 'volma', period: 20 },
  rsi: { kind: 'rsi', period: 14 },
  macd: { kind: 'macd', fast: 12, slow: 26, signal: 9 },
  stoch: { kind: 'stoch', k: 14, smooth: 3, d: 3 },
};

export function placeOf(kind: IndicatorKind): IndicatorPlace {
  if (kind === 'volma') return 'volume';
  if (kind === 'rsi' || kind === 'macd' || kind === 'stoch') return 'pane';
  return 'price';
}

/** Names of the values an indicator produces, in the order of IndicatorPoint.values. */
export function outputsOf(kind: IndicatorKind): readonly string[] {
  switch (kind) {
    case 'bb':
      return ['upper', 'middle', 'lower'];
    case 'macd':
      return ['macd', 'signal', 'histogram'];
    case 'stoch':
      return ['k', 'd'];
    default:
      return ['value'];
  }
}

/** Short label, e.g. "MA 20", "BB 20 2", "MACD 12 26 9". */
export function specLabel(s: IndicatorSpec): string {
  switch (s.kind) {
    case 'sma':
      return `MA ${s.period}`;
    case 'ema':
      return `EMA ${s.period}`;
    case 'bb':
      return `BB ${s.period} ${s.mult}`;
    case 'vwap':
      return 'VWAP';
    case 'volma':
      return `VOL MA ${s.period}`;
    case 'rsi':
      return `RSI ${s.period}`;
    case 'macd':
      return `MACD ${s.fast} ${s.slow} ${s.signal}`;
    case 'stoch':
      return `STOCH ${s.k} ${s.smooth} ${s.d}`;
  }
}

/** Stable identity of a configured indicator (two MAs with different periods are two indicators). */
export const specId = (s: IndicatorSpec) => specLabel(s).replace(/\s+/g, '-').toLowerCase();

const intIn = (v: unknown, lo: number, hi: number): number | null =>
  typeof v === 'number' && Number.isInteger(v) && v >= lo && v <= hi ? v : null;

/**
 * Checks a spec read from storage or typed by the user. Periods are whole numbers 1..500 (2..500 where
 * one bar means nothing), the band multiplier 0.1..10, MACD's fast period below its slow one.
 */
export function validateSpec(raw: unknown): IndicatorSpec | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  switch (r.kind) {
    case 'sma':
    case 'ema':
    case 'volma': {
      const period = intIn(r.period, 1, 500);
      return period ? { kind: r.kind, period } : null;
    }
    case 'rsi': {
      const period = intIn(r.period, 2, 500);
      return period ? { kind: 'rsi', period } : null;
    }
    case 'bb': {
      const period = intIn(r.period, 2, 500);
      const mult = typeof r.mult === 'number' && r.mult >= 0.1 && r.mult <= 10 ? r.mult : null;
      return period && mult ? { kind: 'bb', period, mult } : null;
    }
    case 'vwap':
      return { kind: 'vwap' };
    case 'macd': {
      const fast = intIn(r.fast, 1, 500);
      const slow = intIn(r.slow, 2, 500);
      const signal = intIn(r.signal, 1, 500);
      return fast && slow && signal && fast < slow ? { kind: 'macd', fast, slow, signal } : null;
    }
    case 'stoch': {
      const k = intIn(r.k, 1, 500);
      const smooth = intIn(r.smooth, 1, 100);
      const d = intIn(r.d, 1, 100);
      return k && smooth && d ? { kind: 'stoch', k, smooth, d } : null;
    }
    default:
      return null;
  }
}
