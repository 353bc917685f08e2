import { describe, expect, it } from 'vitest';
import { HEAT_LEVELS, heatLevel, heatWeeks, weekdayOf } from './heatmap.js';
import {
  addDays,
  customProblem,
  daysBetween,
  isDay,
  kstDay,
  kstDayStartOf,
  monthsBefore,
  periodOf,
} from './period.js';
import { avgGapPct, formatRatio, pnlTone, shortKrw } from './view.js';

// 2026-11-26 10:30 KST = 2026-11-26 01:30 UTC
const NOW = Date.UTC(2026, 10, 26, 1, 30);
// 2026-11-26 23:30 KST = 14:30 UTC: still the 26th in Korea
const LATE = Date.UTC(2026, 10, 26, 14, 30);
// 2026-11-27 00:10 KST = 2026-11-26 15:10 UTC: already the 27th in Korea
const AFTER_MIDNIGHT = Date.UTC(2026, 10, 26, 15, 10);

describe('KST days', () => {
  it('names the Korean day of an instant, not the UTC one', () => {
    expect(kstDay(NOW)).toBe('2026-11-26');
    expect(kstDay(LATE)).toBe('2026-11-26');
    expect(kstDay(AFTER_MIDNIGHT)).toBe('2026-11-27');
  });
  it('starts a day at 15:00 UTC the day before', () => {
    expect(kstDayStartOf('2026-11-26')).toBe(Date.UTC(2026, 10, 25, 15, 0));
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });
  it('checks calendar days', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-1-02')).toBe(false);
  });
  it('clamps months to their end', () => {
    expect(monthsBefore('2026-05-31', 3)).toBe('2026-02-28');
    expect(monthsBefore('2026-01-15', 3)).toBe('2025-10-15');
  });
  it('lists days both ends included', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(daysBetween('2026-03-02', '2026-03-01')).toEqual([]);
  });
});

describe('periodOf', () => {
  it('today starts at 00:00 KST and runs to now', () => {
    const p = periodOf('today', NOW);
    expect(p.from).toBe(Date.UTC(2026, 10, 25, 15));
    expect(p.to).toBe(NOW);
    expect(p.endsNow).toBe(true);
    expect([p.fromDay, p.toDay]).toEqual(['2026-11-26', '2026-11-26']);
  });
  it('after KST midnight, today is the next Korean day even though UTC has not turned', () => {
    const p = periodOf('today', AFTER_MIDNIGHT);
    expect(p.fromDay).toBe('2026-11-27');
    expect(p.from).toBe(Date.UTC(2026, 10, 26, 15));
  });
  it('7 days and 30 days include today', () => {
    expect(periodOf('7d', NOW).fromDay).toBe('2026-11-20');
    expect(periodOf('30d', NOW).fromDay).toBe('2026-10-28');
    expect(daysBetween(periodOf('30d', NOW).fromDay, '2026-11-26')).toHaveLength(30);
  });
  it('3 months is calendar months, and this year starts on 1 January KST', () => {
    expect(periodOf('3m', NOW).fromDay).toBe('2026-08-27');
    const y = periodOf('ytd', NOW);
    expect(y.fromDay).toBe('2026-01-01');
    expect(y.from).toBe(Date.UTC(2025, 11, 31, 15));
    // 1 January 00:30 KST is already the new year in Korea
    expect(periodOf('ytd', Date.UTC(2026, 11, 31, 15, 30)).fromDay).toBe('2027-01-01');
  });
  it('a custom range includes both days and ends at the next KST midnight', () => {
    const p = periodOf('custom', NOW, { fromDay: '2026-11-01', toDay: '2026-11-10' });
    expect(p.from).toBe(Date.UTC(2026, 9, 31, 15));
    expect(p.to).toBe(Date.UTC(2026, 10, 10, 15));
    expect(p.endsNow).toBe(false);
  });
  it('a custom range reaching past today is cut at now', () => {
    const p = periodOf('custom', NOW, { fromDay: '2026-11-20', toDay: '2026-12-31' });
    expect(p.toDay).toBe('2026-11-26');
    expect(p.to).toBe(NOW);
    expect(p.endsNow).toBe(true);
  });
  it('a bad custom range is named and falls back to today', () => {
    expect(customProblem({ fromDay: '2026-11-10', toDay: '2026-11-01' }, NOW)).toBe('reversed');
    expect(customProblem({ fromDay: '2026-13-01', toDay: '2026-11-01' }, NOW)).toBe('badDay');
    expect(customProblem({ fromDay: '2026-12-01', toDay: '2026-12-02' }, NOW)).toBe('future');
    expect(customProblem({ fromDay: '2026-11-01', toDay: '2026-11-02' }, NOW)).toBeNull();
    expect(periodOf('custom', NOW, { fromDay: 'x', toDay: 'y' }).fromDay).toBe('2026-11-26');
  });
});

describe('heat map', () => {
  it('levels are signed and scaled to the largest day', () => {
    expect(heatLevel(100, 100)).toBe(HEAT_LEVELS);
    expect(heatLevel(-100, 100)).toBe(-HEAT_LEVELS);
    expect(heatLevel(1, 100)).toBe(1);
    expect(heatLevel(-30, 100)).toBe(-2);
    expect(heatLevel(0, 100)).toBe(0);
    expect(heatLevel(5, 0)).toBe(0);
  });
  it('lays KST days out in Sunday-first week columns', () => {
    expect(weekdayOf('2026-11-22')).toBe(0); // a Sunday
    // Thu 2026-11-26 back to Fri 2026-11-20: two columns
    const weeks = heatWeeks(
      [
        { day: '2026-11-20', pnlKrw: '-5000' },
        { day: '2026-11-24', pnlKrw: '20000' },
        { day: '2026-11-25', pnlKrw: '0' },
      ],
      '2026-11-20',
      '2026-11-26',
    );
    expect(weeks).toHaveLength(2);
    expect(weeks[0]?.cells.map((c) => c?.day ?? null)).toEqual([
      null,
      null,
      null,
      null,
      null,
      '2026-11-20',
      '2026-11-21',
    ]);
    expect(weeks[0]?.cells[5]).toMatchObject({ pnlKrw: '-5000', level: -1 });
    expect(weeks[0]?.cells[6]).toMatchObject({ pnlKrw: null, level: 0 });
    expect(weeks[1]?.cells[2]).toMatchObject({ day: '2026-11-24', level: HEAT_LEVELS });
    expect(weeks[1]?.cells[5]).toBeNull();
    expect(weeks[0]?.monthStart).toBe('2026-11');
    expect(weeks[1]?.monthStart).toBeNull();
  });
  it('marks the column where a month begins', () => {
    const weeks = heatWeeks([], '2026-10-25', '2026-11-07');
    expect(weeks.map((w) => w.monthStart)).toEqual(['2026-10', '2026-11']);
  });
});

describe('formatting', () => {
  it('returns as signed percents, never NaN or exponent', () => {
    expect(formatRatio(0.0123)).toBe('+1.23%');
    expect(formatRatio(-0.5)).toBe('-50.00%');
    expect(formatRatio(0)).toBe('0.00%');
    expect(formatRatio(-0.0000001)).toBe('0.00%');
    expect(formatRatio(1e-12)).toBe('0.00%');
    expect(formatRatio(null)).toBe('-');
    expect(formatRatio(Number.NaN)).toBe('-');
  });
  it('tones follow the sign', () => {
    expect(pnlTone('12')).toBe('text-up');
    expect(pnlTone('-1')).toBe('text-down');
    expect(pnlTone('0')).toBe('text-fg');
    expect(pnlTone(null)).toBe('text-fg');
  });
  it('short won in Korean and English units', () => {
    expect(shortKrw('123456789', 'ko')).toBe('+1.23억');
    expect(shortKrw('-456000', 'ko')).toBe('-45.6만');
    expect(shortKrw('950', 'ko')).toBe('+950');
    expect(shortKrw('123456789', 'en')).toBe('+123M');
    expect(shortKrw('-45600', 'en')).toBe('-45.6K');
    expect(shortKrw('0', 'en')).toBe('0');
    expect(shortKrw('abc', 'en')).toBe('-');
  });
  it('gap between our average cost and the exchange one', () => {
    expect(avgGapPct('100000', '101000')).toBe('1');
    expect(avgGapPct('100000', '99500')).toBe('-0.5');
    expect(avgGapPct(null, '1')).toBeNull();
    expect(avgGapPct('0', '1')).toBeNull();
  });
});

describe('tone as shown', () => {
  it('a figure that shows as 0 is not coloured', () => {
    expect(pnlTone('0.4')).toBe('text-fg');
    expect(pnlTone('-0.4')).toBe('text-fg');
    expect(pnlTone('0.5')).toBe('text-up');
    expect(pnlTone('0.004', 2)).toBe('text-fg');
    expect(pnlTone('0.005', 2)).toBe('text-up');
  });
});
