import { describe, expect, it } from 'vitest';
import { bucketStart, INTERVALS, intervalMs, isInterval } from './intervals.js';

describe('intervals', () => {
  it('lists the eight intervals with their widths', () => {
    expect(INTERVALS).toEqual(['1', '5', '15', '30', '60', '240', '1D', '1W']);
    expect(intervalMs('1')).toBe(60_000);
    expect(intervalMs('240')).toBe(4 * 3_600_000);
    expect(intervalMs('1W')).toBe(7 * 86_400_000);
    expect(isInterval('1D')).toBe(true);
    expect(isInterval('2')).toBe(false);
    expect(isInterval(1)).toBe(false);
  });
  it('aligns minute and hour buckets', () => {
    const t = Date.UTC(2026, 10, 25, 13, 47, 31, 500);
    expect(bucketStart(t, '1')).toBe(Date.UTC(2026, 10, 25, 13, 47));
    expect(bucketStart(t, '15')).toBe(Date.UTC(2026, 10, 25, 13, 45));
    expect(bucketStart(t, '240')).toBe(Date.UTC(2026, 10, 25, 12, 0));
  });
  it('starts days at 00:00 UTC (09:00 KST)', () => {
    const t = Date.UTC(2026, 10, 25, 23, 59, 59, 999);
    expect(bucketStart(t, '1D')).toBe(Date.UTC(2026, 10, 25));
    expect(bucketStart(Date.UTC(2026, 10, 25), '1D')).toBe(Date.UTC(2026, 10, 25));
  });
  it('starts weeks on Monday 00:00 UTC', () => {
    // 2026-11-25 is a Wednesday; its week starts Monday 2026-11-23.
    expect(bucketStart(Date.UTC(2026, 10, 25, 10), '1W')).toBe(Date.UTC(2026, 10, 23));
    expect(bucketStart(Date.UTC(2026, 10, 23), '1W')).toBe(Date.UTC(2026, 10, 23));
    expect(bucketStart(Date.UTC(2026, 10, 22, 23, 59), '1W')).toBe(Date.UTC(2026, 10, 16));
    expect(new Date(bucketStart(0, '1W')).getUTCDay()).toBe(1);
  });
});
