// Which candles cover a gap in the trades: GET /v2/candles takes `start`/`end` (ms) and a limit of
// 1-200 and answers the newest `limit` buckets of [bucket(start), end), ascending (spec 2.5; the
// official client's candles request names the bounds start/end).
import type { PriceBar } from './scanBars.js';

/** Minute intervals the API allows, finest first, with their width in ms (1D and 1W are not needed). */
export const BAR_INTERVALS = [
  { interval: '1', ms: 60_000 },
  { interval: '5', ms: 300_000 },
  { interval: '15', ms: 900_000 },
  { interval: '30', ms: 1_800_000 },
  { interval: '60', ms: 3_600_000 },
  { interval: '240', ms: 14_400_000 },
  { interval: '1D', ms: 86_400_000 },
] as const;

export const BARS_PER_PAGE = 200;
/** At most this many pages per gap (public reads, but a gap should not flood the rate limit). */
export const MAX_BAR_PAGES = 5;

/** The finest interval whose bars over [from, to) fit in the page budget. */
export function barIntervalFor(from: number, to: number): (typeof BAR_INTERVALS)[number] {
  const span = Math.max(0, to - from);
  for (const iv of BAR_INTERVALS) if (span / iv.ms <= BARS_PER_PAGE * MAX_BAR_PAGES - 2) return iv;
  return BAR_INTERVALS[BAR_INTERVALS.length - 1]!;
}

/**
 * The bars wholly inside the gap (from, to): after the last trade judged one by one and before the
 * oldest trade read back. A bar that also holds judged trades could show a price that was judged
 * before trailing progress moved (a false firing), so it is left out: up to one bar's width at each
 * end of the gap is not covered by bars.
 */
export function barsInside(bars: readonly PriceBar[], widthMs: number, from: number, to: number): PriceBar[] {
  return bars.filter((b) => b.timestamp > from && b.timestamp + widthMs <= to);
}
