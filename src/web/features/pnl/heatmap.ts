// Calendar heat map of daily P&L, pure: KST days laid out in week columns (Sunday on top, as Korean
// calendars print them), each cell given a signed intensity level. The figures stay decimal strings;
// only the level (a colour step) is worked out in floating point.
import { isDecimalString } from '../../../core/decimal.js';
import { daysBetween, kstDayStartOf } from './period.js';

export const HEAT_LEVELS = 4;

export interface HeatCell {
  day: string;
  /** Day of the week, 0 = Sunday. */
  weekday: number;
  /** The day's P&L, or null when the report has no figure for it. */
  pnlKrw: string | null;
  /** -HEAT_LEVELS..HEAT_LEVELS: sign = direction, size = share of the largest absolute day. */
  level: number;
}

export interface HeatWeek {
  /** The cells of this column, one per weekday slot (null = outside the period). */
  cells: (HeatCell | null)[];
  /** 'YYYY-MM' when a month starts in this column (label above it). */
  monthStart: string | null;
}

/** Day of the week of a KST day (0 = Sunday). */
export function weekdayOf(day: string): number {
  return new Date(kstDayStartOf(day) + 9 * 3600_000).getUTCDay();
}

/** The level of a value against the largest absolute value of the period. */
export function heatLevel(value: number, maxAbs: number): number {
  if (!Number.isFinite(value) || value === 0 || !(maxAbs > 0)) return 0;
  const step = Math.ceil((Math.abs(value) / maxAbs) * HEAT_LEVELS);
  return Math.sign(value) * Math.min(HEAT_LEVELS, Math.max(1, step));
}

/** Weeks (columns) covering fromDay..toDay with each day's P&L and level. */
export function heatWeeks(
  daily: readonly { day: string; pnlKrw: string }[],
  fromDay: string,
  toDay: string,
): HeatWeek[] {
  const byDay = new Map<string, string>();
  for (const d of daily) if (isDecimalString(d.pnlKrw)) byDay.set(d.day, d.pnlKrw);
  const days = daysBetween(fromDay, toDay);
  let maxAbs = 0;
  for (const day of days) {
    const v = byDay.get(day);
    if (v !== undefined) maxAbs = Math.max(maxAbs, Math.abs(Number(v)));
  }
  const weeks: HeatWeek[] = [];
  let week: HeatWeek | null = null;
  for (const day of days) {
    const weekday = weekdayOf(day);
    if (!week || weekday === 0) {
      week = { cells: Array.from({ length: 7 }, () => null), monthStart: null };
      weeks.push(week);
    }
    const v = byDay.get(day) ?? null;
    week.cells[weekday] = { day, weekday, pnlKrw: v, level: v === null ? 0 : heatLevel(Number(v), maxAbs) };
    if (day.endsWith('-01') || (weeks.length === 1 && week.monthStart === null)) {
      week.monthStart = day.slice(0, 7);
    }
  }
  return weeks;
}
