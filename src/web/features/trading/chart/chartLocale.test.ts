import { describe, expect, it } from 'vitest';
import { crosshairLabel, tickLabel } from './chartLocale.js';

// 2026-11-26 12:15:30 (a Thursday), already shifted to the chosen zone.
const t = Date.UTC(2026, 10, 26, 12, 15, 30) / 1000;

describe('chart locale', () => {
  it('crosshair in Korean with the weekday, or in English', () => {
    expect(crosshairLabel(t, 'ko', true)).toBe('2026.11.26 (목) 12:15');
    expect(crosshairLabel(t, 'en', true)).toBe('Thu 26 Nov 2026 12:15');
    expect(crosshairLabel(t, 'ko', false)).toBe('2026.11.26 (목)');
  });
  it('tick marks per type', () => {
    expect(tickLabel(t, 0, 'ko')).toBe('2026년');
    expect(tickLabel(t, 1, 'ko')).toBe('11월');
    expect(tickLabel(t, 1, 'en')).toBe('Nov');
    expect(tickLabel(t, 2, 'ko')).toBe('26일');
    expect(tickLabel(t, 3, 'en')).toBe('12:15');
    expect(tickLabel(t, 4, 'ko')).toBe('12:15:30');
  });
});
