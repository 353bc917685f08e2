import { describe, expect, it } from 'vitest';
import { wallFontPx, wallLayout } from './wallLayout.js';

describe('wall layout', () => {
  it('scales the type with the screen, portrait too', () => {
    expect(wallFontPx(1920, 1080)).toBe(15);
    expect(wallFontPx(3840, 2160)).toBe(30);
    expect(wallFontPx(2160, 3840)).toBe(30);
    expect(wallFontPx(1280, 720)).toBe(12);
  });
  it('fits six accounts on 1920x1080 and on 3840x2160 with the same arrangement, only bigger', () => {
    const hd = wallLayout({ width: 1920, height: 1080, count: 6, maxHoldings: 7, maxOrderPairs: 2 });
    const uhd = wallLayout({ width: 3840, height: 2160, count: 6, maxHoldings: 7, maxOrderPairs: 2 });
    expect(hd.grid).toEqual(uhd.grid);
    expect(uhd.fontPx / hd.fontPx).toBeCloseTo(2, 1);
    expect(hd.grid.columns * hd.grid.rows).toBeGreaterThanOrEqual(3);
  });
  it('enlarges the type while few accounts still fit one page', () => {
    const three = wallLayout({ width: 1920, height: 1080, count: 3, maxHoldings: 7, maxOrderPairs: 2 });
    const twenty = wallLayout({ width: 1920, height: 1080, count: 20, maxHoldings: 7, maxOrderPairs: 2 });
    expect(three.fontPx).toBeGreaterThan(15);
    expect(three.grid.perPage).toBeGreaterThanOrEqual(3);
    expect(twenty.fontPx).toBe(15);
    expect(twenty.grid.perPage).toBeLessThan(20); // paged
  });
  it('makes cards tall enough for the most holdings, paging when they no longer fit', () => {
    const few = wallLayout({ width: 1920, height: 1080, count: 9, maxHoldings: 3, maxOrderPairs: 0 });
    const many = wallLayout({ width: 1920, height: 1080, count: 9, maxHoldings: 25, maxOrderPairs: 3 });
    expect(many.cardMinHeightPx).toBeGreaterThan(few.cardMinHeightPx);
    expect(many.grid.perPage).toBeLessThan(few.grid.perPage);
    // the card's rows hold every holding: (25 + 3 + 3) lines of 1.6 em plus the fixed part, and the
    // card still fits the screen (the type shrinks below the base size when it must)
    expect(many.cardMinHeightPx).toBeGreaterThanOrEqual((15.5 + 31 * 1.6) * many.fontPx);
    expect(many.cardMinHeightPx).toBeLessThanOrEqual(1080 - 4.5 * many.fontPx);
  });
  it('stacks holdings above fills when that allows larger type (three accounts side by side)', () => {
    const l = wallLayout({ width: 1920, height: 1080, count: 3, maxHoldings: 7, maxOrderPairs: 1 });
    expect(l.shape).toBe('tall');
    expect(l.grid.columns).toBe(3);
    expect(l.fontPx).toBeGreaterThan(18);
    // the tall card is as wide as its widest column needs
    expect(l.cardMinWidthPx * l.grid.columns).toBeLessThanOrEqual(1920);
  });
  it('fills a portrait screen too: four accounts on one page, type at least the base size', () => {
    const p = wallLayout({ width: 1080, height: 1920, count: 4, maxHoldings: 6, maxOrderPairs: 1 });
    expect(p.grid.perPage).toBeGreaterThanOrEqual(4);
    expect(p.grid.rows).toBeGreaterThanOrEqual(2);
    expect(p.fontPx).toBeGreaterThanOrEqual(15);
    expect(p.cardMinWidthPx * p.grid.columns).toBeLessThanOrEqual(1080);
  });
});
