import { describe, expect, it } from 'vitest';
import { bookColumns, COL_GAP, fitText, ROW_PAD } from './columns.js';
import { priceLabeler } from './priceLabels.js';

// Books shaped like the listed pairs: BTC (large price, small size), DOGE (small price, huge size).
const BOOKS = {
  btc: { priceChars: 11, qtys: ['0.0153', '1.2345678', '0.5'], cums: ['0.0153', '1.2498678', '12.75'] },
  doge: {
    priceChars: 5,
    qtys: ['13978.12345678', '250000', '98765.4321'],
    cums: ['13978.12345678', '263978.12345678', '1234567.89012345'],
  },
  huge: { priceChars: 9, qtys: ['987654321.5'], cums: ['12345678901234.5'] },
};

describe('bookColumns', () => {
  it('keeps every quantity and total inside its column at every book width', () => {
    for (const [name, b] of Object.entries(BOOKS)) {
      for (let width = 260; width <= 560; width += 20) {
        const c = bookColumns({ width, charW: 7.2, ...b });
        const px = c.template.match(/^(\d+)px (\d+)px minmax\(0,(\d+)fr\) minmax\(0,(\d+)fr\)$/);
        expect(px, c.template).not.toBeNull();
        const [priceW, pctW, qtyW, cumW] = px!.slice(1).map(Number) as [number, number, number, number];
        expect(priceW + pctW + qtyW + cumW + 3 * COL_GAP + ROW_PAD).toBeLessThanOrEqual(width);
        expect(priceW).toBeGreaterThanOrEqual(b.priceChars * 7.2);
        for (const q of b.qtys) {
          const text = fitText(q, c.qtyDp, c.qtyChars);
          expect(text.length * 7.2, `${name} ${width} ${text}`).toBeLessThanOrEqual(qtyW);
        }
        for (const q of b.cums) {
          const text = fitText(q, c.cumDp, c.cumChars);
          expect(text.length * 7.2, `${name} ${width} ${text}`).toBeLessThanOrEqual(cumW);
        }
      }
    }
  });

  it('uses one number of decimals per column and more decimals when there is room', () => {
    const narrow = bookColumns({ width: 260, charW: 7.2, ...BOOKS.doge });
    const wide = bookColumns({ width: 560, charW: 7.2, ...BOOKS.doge });
    expect(wide.qtyDp).toBeGreaterThan(narrow.qtyDp);
  });
});

describe('fitText', () => {
  it('shortens only what does not fit', () => {
    expect(fitText('13978.123', 2, 12)).toBe('13,978.12');
    expect(fitText('1234567.89', 0, 6)).toBe('1.23M');
    expect(fitText('12345678901234.5', 0, 6)).toBe('12.35T');
    expect(fitText('987654', 0, 4)).toBe('988K');
  });
});

describe('priceLabeler', () => {
  it('gives price text, change and tone against the previous close, once per price', () => {
    let calls = 0;
    const label = priceLabeler('1000', (p) => {
      calls++;
      return p.startsWith('9') ? 1 : 0;
    });
    expect(label('1010')).toEqual({ priceText: '1,010', changeText: '+1.00%', tone: 'text-up' });
    expect(label('990.25')).toEqual({ priceText: '990.3', changeText: '-0.98%', tone: 'text-down' });
    expect(label('1000').tone).toBe('text-fg');
    label('1010');
    expect(calls).toBe(3);
    expect(priceLabeler(null, () => undefined)('5.50')).toEqual({
      priceText: '5.50',
      changeText: '',
      tone: 'text-fg',
    });
  });
});
