// Candle intervals and bucket alignment. Every bucket is aligned in UTC:
// minutes and hours to multiples of their width since the epoch, 1D at 00:00 UTC (09:00 KST),
// 1W at Monday 00:00 UTC (Monday 09:00 KST). See docs/api-decisions.md.

export const INTERVALS = ['1', '5', '15', '30', '60', '240', '1D', '1W'] as const;
export type Interval = (typeof INTERVALS)[number];

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const WEEK = 7 * DAY;
/** 1970-01-01 was a Thursday; the first Monday 00:00 UTC is 4 days later. */
const FIRST_MONDAY = 4 * DAY;

const WIDTHS: Record<Interval, number> = {
  '1': MINUTE,
  '5': 5 * MINUTE,
  '15': 15 * MINUTE,
  '30': 30 * MINUTE,
  '60': 60 * MINUTE,
  '240': 240 * MINUTE,
  '1D': DAY,
  '1W': WEEK,
};

export function isInterval(s: unknown): s is Interval {
  return typeof s === 'string' && (INTERVALS as readonly string[]).includes(s);
}

export function intervalMs(i: Interval): number {
  return WIDTHS[i];
}

/** Start (ms) of the bucket that contains ts. */
export function bucketStart(ts: number, i: Interval): number {
  const w = WIDTHS[i];
  if (i === '1W') return Math.floor((ts - FIRST_MONDAY) / w) * w + FIRST_MONDAY;
  return Math.floor(ts / w) * w;
}

export const INTERVAL_LABELS: Record<Interval, { ko: string; en: string }> = {
  '1': { ko: '1분', en: '1m' },
  '5': { ko: '5분', en: '5m' },
  '15': { ko: '15분', en: '15m' },
  '30': { ko: '30분', en: '30m' },
  '60': { ko: '1시간', en: '1h' },
  '240': { ko: '4시간', en: '4h' },
  '1D': { ko: '1일', en: '1D' },
  '1W': { ko: '1주', en: '1W' },
};
