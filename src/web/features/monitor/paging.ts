// Wall-mode paging: how many account cards fit the screen and which ones show on a page.

export interface FitInput {
  width: number;
  height: number;
  minCardWidth: number;
  minCardHeight: number;
  gap?: number;
}

export interface Grid {
  columns: number;
  rows: number;
  perPage: number;
}

/** Grid that fits the viewport with cards no smaller than the minimum (at least 1x1). */
export function fitGrid({ width, height, minCardWidth, minCardHeight, gap = 0 }: FitInput): Grid {
  const columns = Math.max(1, Math.floor((width + gap) / (minCardWidth + gap)));
  const rows = Math.max(1, Math.floor((height + gap) / (minCardHeight + gap)));
  return { columns, rows, perPage: columns * rows };
}

/** Grid for `count` cards: no more columns than cards, rows shrunk to what is needed. */
export function gridFor(count: number, fit: Grid): Grid {
  if (count <= 0) return { columns: 1, rows: 1, perPage: fit.perPage };
  const columns = Math.min(fit.columns, count);
  const rows = Math.min(fit.rows, Math.ceil(count / columns));
  return { columns, rows, perPage: fit.perPage };
}

export function pageCount(total: number, perPage: number): number {
  if (perPage <= 0) return 1;
  return Math.max(1, Math.ceil(total / perPage));
}

/** Items on page `page` (0-based; out-of-range pages wrap). */
export function pageItems<T>(items: readonly T[], page: number, perPage: number): T[] {
  const pages = pageCount(items.length, perPage);
  const p = ((page % pages) + pages) % pages;
  return items.slice(p * perPage, p * perPage + perPage);
}

export function nextPage(page: number, total: number, perPage: number): number {
  return (page + 1) % pageCount(total, perPage);
}
