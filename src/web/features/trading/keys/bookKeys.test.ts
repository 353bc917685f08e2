import { describe, expect, it } from 'vitest';
import { nextCell } from './bookKeys.js';

const cell = (id: string) => ({ id, getAttribute: () => id }) as unknown as Element;

describe('nextCell', () => {
  // Two rows of [price, qty] cells in DOM order.
  const cells = [
    cell('book-price'),
    cell('book-qty'),
    cell('book-price'),
    cell('book-qty'),
    cell('book-price'),
    cell('book-qty'),
  ];

  it('moves within the same column and clamps at the ends', () => {
    expect(nextCell(cells, cells[0]!, 1, 'book-price')).toBe(2);
    expect(nextCell(cells, cells[2]!, -1, 'book-price')).toBe(0);
    expect(nextCell(cells, cells[1]!, 1, 'book-qty')).toBe(3);
    expect(nextCell(cells, cells[0]!, -1, 'book-price')).toBe(0);
    expect(nextCell(cells, cells[4]!, 10, 'book-price')).toBe(4);
  });

  it('an element outside the ladder gives -1', () => {
    expect(nextCell(cells, cell('other'), 1, 'book-price')).toBe(-1);
  });
});
