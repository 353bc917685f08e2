// Pure: wall-mode type size, card shape and grid from the screen. Type grows with the screen (a 4K
// wall is read from metres away) and further while every card still fits one page; cards are
// 'wide' (holdings beside fills) or 'tall' (holdings above fills), whichever allows larger type.
// The card's minimum size is in em and grows with the most holdings any card has, so every
// holding fits; what does not fit on one page is paged.
import { fitGrid, type Grid, gridFor } from './paging.js';

export type CardShape = 'wide' | 'tall';

export interface WallLayout {
  fontPx: number;
  shape: CardShape;
  grid: Grid;
  cardMinWidthPx: number;
  cardMinHeightPx: number;
  maxFills: number;
}

export interface WallInput {
  width: number;
  height: number;
  count: number;
  maxHoldings: number;
  maxOrderPairs: number;
}

/** Widths in em that the card's columns need (holdings: currency, quantity, value; fills: time, coin, side, price, qty). */
export const HOLDINGS_EM = 21;
export const FILLS_EM = 26;
/** Header, figures, sparkline, exposure bar, footer and padding. */
const FIXED_EM = 15.5;
const LINE_EM = 1.6;
const MIN_FILL_LINES = 4;

/** 15 px at 1920x1080, scaling with the short side of the screen (landscape or portrait). */
export function wallFontPx(width: number, height: number): number {
  const landscape = width >= height;
  const scale = landscape ? Math.min(width / 1920, height / 1080) : Math.min(width / 1080, height / 1920);
  return Math.round(Math.max(12, Math.min(40, 15 * Math.max(0.8, scale))) * 10) / 10;
}

/** Lines of the holdings column: every holding and open-order pair, plus titles. */
export function holdingLines(maxHoldings: number, maxOrderPairs: number): number {
  return maxHoldings + Math.max(1, maxOrderPairs) + 3;
}

function cardEm(shape: CardShape, lines: number): { w: number; h: number } {
  if (shape === 'wide')
    return { w: HOLDINGS_EM + FILLS_EM + 2.6, h: FIXED_EM + Math.max(lines, 11) * LINE_EM };
  return { w: Math.max(HOLDINGS_EM, FILLS_EM) + 1.6, h: FIXED_EM + (lines + 1 + MIN_FILL_LINES) * LINE_EM };
}

/** The desk header (type 0.9 of the cards'): one row of about 4 em, two when the screen is narrow. */
function headerPx(fontPx: number, width: number): number {
  const em = fontPx * 0.9;
  return Math.ceil(em * (width / em < 80 ? 7.5 : 4));
}

function layoutAt(input: WallInput, fontPx: number, shape: CardShape): WallLayout {
  const lines = holdingLines(input.maxHoldings, input.maxOrderPairs);
  const em = cardEm(shape, lines);
  const cardMinHeightPx = Math.ceil(em.h * fontPx);
  const cardMinWidthPx = Math.ceil(em.w * fontPx);
  const gap = Math.round(fontPx * 0.8);
  const header = headerPx(fontPx, input.width);
  const fit = fitGrid({
    width: input.width - 2 * gap,
    height: input.height - header - 2 * gap,
    minCardWidth: cardMinWidthPx,
    minCardHeight: cardMinHeightPx,
    gap,
  });
  const grid = gridFor(Math.min(input.count, fit.perPage), fit);
  const rowEm = (input.height - header - gap * (grid.rows + 1)) / grid.rows / fontPx;
  const fillEm = shape === 'wide' ? rowEm - FIXED_EM : rowEm - FIXED_EM - (lines + 1) * LINE_EM;
  const maxFills = Math.max(3, Math.floor(fillEm / LINE_EM) - 2);
  return { fontPx, shape, grid, cardMinWidthPx, cardMinHeightPx, maxFills };
}

const fits = (l: WallLayout, count: number) => l.grid.perPage >= count;

/** Whether one card of this layout fits the screen at all (fitGrid keeps at least 1x1 regardless). */
function cardFits(input: WallInput, l: WallLayout): boolean {
  const gap = Math.round(l.fontPx * 0.8);
  return (
    l.cardMinWidthPx <= input.width - 2 * gap &&
    l.cardMinHeightPx <= input.height - headerPx(l.fontPx, input.width) - 2 * gap
  );
}

const SHAPES = ['wide', 'tall'] as const;

/**
 * Largest type (from the screen's base up to 1.8x) at which every card fits one page, in either
 * shape; when they cannot all fit, the base type (smaller only if even one card would not fit) and
 * the shape that shows the most cards per page.
 */
export function wallLayout(input: WallInput): WallLayout {
  let base = wallFontPx(input.width, input.height);
  let atBase = SHAPES.map((sh) => layoutAt(input, base, sh)).filter((l) => cardFits(input, l));
  while (atBase.length === 0 && base > 8) {
    base = Math.round(base * 0.9 * 10) / 10;
    atBase = SHAPES.map((sh) => layoutAt(input, base, sh)).filter((l) => cardFits(input, l));
  }
  if (atBase.length === 0) return layoutAt(input, base, 'wide');
  const fitting = atBase.filter((l) => fits(l, input.count));
  if (fitting.length === 0) return atBase.reduce((a, b) => (b.grid.perPage > a.grid.perPage ? b : a));
  let best = fitting[0] as WallLayout;
  for (const start of fitting) {
    let cur = start;
    for (let f = base * 1.05; f <= base * 1.8; f *= 1.05) {
      const next = layoutAt(input, Math.round(f * 10) / 10, start.shape);
      if (!fits(next, input.count) || !cardFits(input, next)) break;
      cur = next;
    }
    if (cur.fontPx > best.fontPx) best = cur;
  }
  return best;
}
