// Periods of the 투자손익 page in KST days (00:00 KST = 15:00 UTC the day before), pure.
// A preset ends now and starts at 00:00 KST of its first day; a custom range is two KST days, both
// included, cut at now.

export const PERIOD_KEYS = ['today', '7d', '30d', '3m', 'ytd', 'custom'] as const;
export type PeriodKey = (typeof PERIOD_KEYS)[number];

export interface Period {
  key: PeriodKey;
  /** Epoch ms, inclusive start (00:00 KST of fromDay). */
  from: number;
  /** Epoch ms, the end (now, or 00:00 KST after toDay when that is earlier). */
  to: number;
  /** 'YYYY-MM-DD' KST days, both included. */
  fromDay: string;
  toDay: string;
  /** The period runs up to now (the proxy is asked without `to`, so the query key stays put). */
  endsNow: boolean;
}

export interface DayRange {
  fromDay: string;
  toDay: string;
}

const KST_MS = 9 * 3600_000;
const DAY_MS = 24 * 3600_000;
const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

const p2 = (n: number) => String(n).padStart(2, '0');

/** The KST day of an instant: 'YYYY-MM-DD'. */
export function kstDay(ms: number): string {
  const d = new Date(ms + KST_MS);
  return `${d.getUTCFullYear()}-${p2(d.getUTCMonth() + 1)}-${p2(d.getUTCDate())}`;
}

/** Whether a string is a real calendar day 'YYYY-MM-DD'. */
export function isDay(s: string): boolean {
  const m = DAY_RE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/** 00:00 KST of a KST day, epoch ms. */
export function kstDayStartOf(day: string): number {
  const m = DAY_RE.exec(day);
  if (!m) return Number.NaN;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) - KST_MS;
}

/** The day `n` days after (negative: before) a KST day. */
export function addDays(day: string, n: number): string {
  return kstDay(kstDayStartOf(day) + n * DAY_MS);
}

/** The day `n` calendar months before a day, clamped to the month's end (05-31 minus 3 months = 02-28). */
export function monthsBefore(day: string, n: number): string {
  const m = DAY_RE.exec(day);
  if (!m) return day;
  const y = Number(m[1]);
  const mo = Number(m[2]) - 1 - n;
  const target = new Date(Date.UTC(y, mo, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  const d = Math.min(Number(m[3]), lastDay);
  return `${target.getUTCFullYear()}-${p2(target.getUTCMonth() + 1)}-${p2(d)}`;
}

/** Every KST day from `fromDay` to `toDay`, both included (empty when reversed). */
export function daysBetween(fromDay: string, toDay: string): string[] {
  const out: string[] = [];
  const end = kstDayStartOf(toDay);
  for (let t = kstDayStartOf(fromDay); t <= end && out.length < 4000; t += DAY_MS) out.push(kstDay(t));
  return out;
}

/** The first day of a preset ending today. */
function presetFromDay(key: Exclude<PeriodKey, 'custom'>, today: string): string {
  switch (key) {
    case 'today':
      return today;
    case '7d':
      return addDays(today, -6);
    case '30d':
      return addDays(today, -29);
    case '3m':
      return addDays(monthsBefore(today, 3), 1);
    case 'ytd':
      return `${today.slice(0, 4)}-01-01`;
  }
}

export type PeriodProblem = 'badDay' | 'reversed' | 'future';

/** Why a custom range cannot be used, or null. */
export function customProblem(range: DayRange, now: number): PeriodProblem | null {
  if (!isDay(range.fromDay) || !isDay(range.toDay)) return 'badDay';
  if (range.fromDay > range.toDay) return 'reversed';
  if (range.fromDay > kstDay(now)) return 'future';
  return null;
}

/**
 * The period a key means at `now`. A custom range must be valid (customProblem === null); an invalid
 * one falls back to today so a half-typed date never asks the proxy for nonsense.
 */
export function periodOf(key: PeriodKey, now: number, custom?: DayRange): Period {
  const today = kstDay(now);
  if (key === 'custom') {
    if (!custom || customProblem(custom, now)) return periodOf('today', now);
    const toDay = [custom.toDay, today].sort()[0] ?? today;
    const from = kstDayStartOf(custom.fromDay);
    const dayEnd = kstDayStartOf(toDay) + DAY_MS;
    const to = Math.min(now, dayEnd);
    return { key, from, to, fromDay: custom.fromDay, toDay, endsNow: now < dayEnd };
  }
  const fromDay = presetFromDay(key, today);
  return { key, from: kstDayStartOf(fromDay), to: now, fromDay, toDay: today, endsNow: true };
}
