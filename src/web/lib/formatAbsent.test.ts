// Absent optional fields (closedAt, triggeredAt, avgPrice, lastFilledAt, fee, ...) format as a dash,
// never as "Invalid Date", "NaN", "undefined" or an empty cell (issue 18 item 5).
import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatKrw,
  formatNumber,
  formatPercent,
  formatPrice,
  formatQty,
  formatShortDateTime,
  formatTime,
} from './format.js';

const ABSENT = [undefined, null, Number.NaN, Number.POSITIVE_INFINITY] as const;
const BAD_TEXT = /Invalid Date|NaN|undefined|null|Infinity/;

describe('formatting absent values', () => {
  it('shows a dash for an absent or invalid time', () => {
    for (const v of ABSENT) {
      for (const f of [formatDateTime, formatTime, formatShortDateTime]) {
        expect(f(v, 'kst')).toBe('-');
        expect(f(v, 'local')).toBe('-');
      }
    }
    expect(formatDateTime(Date.UTC(2026, 0, 2, 3, 4, 5), 'kst')).toBe('2026-01-02 12:04:05');
  });

  it('shows a dash for an absent or malformed decimal', () => {
    for (const v of [undefined, null, '', 'NaN', 'undefined', 'abc']) {
      for (const out of [
        formatNumber(v),
        formatQty(v),
        formatKrw(v),
        formatPrice(v, '1000'),
        formatPercent(v),
      ]) {
        expect(out).toBe('-');
        expect(out).not.toMatch(BAD_TEXT);
      }
    }
    expect(formatNumber('1234.5', { dp: 2, minDp: 2 })).toBe('1,234.50');
  });
});
