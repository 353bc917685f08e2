// Keyboard use of the order book ladder without one Tab stop per cell: Tab enters the ladder once and
// the next Tab leaves it for the order ticket; arrow keys move between rows (Up/Down) and between the
// price and quantity cells (Left/Right); Enter or Space picks the focused cell (its own click).
// A document-level listener, so the ladder's rendering (owned by the book's performance work) stays
// untouched: it only reads the cells' data-testid attributes.

const CELL = '[data-testid=book-price], [data-testid=book-qty]';
const TABBABLE =
  'button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea, a[href], [tabindex]:not([tabindex="-1"])';

/** The cell `step` rows above (-) or below (+) `from` in the same column, clamped to the ladder. */
export function nextCell(cells: readonly Element[], from: Element, step: number, column: string): number {
  const same = cells.filter((c) => c.getAttribute('data-testid') === column);
  const i = same.indexOf(from);
  if (i < 0) return -1;
  const j = Math.max(0, Math.min(same.length - 1, i + step));
  return cells.indexOf(same[j]!);
}

/** Tab leaves the ladder: forward to the first control after the book, backward to the grouping select. */
function leaveLadder(book: HTMLElement, backwards: boolean): boolean {
  if (backwards) {
    const g = book.querySelector<HTMLElement>('[data-testid=book-grouping]');
    g?.focus();
    return !!g;
  }
  const after = [...document.querySelectorAll<HTMLElement>(TABBABLE)].find(
    (el) =>
      !book.contains(el) &&
      book.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING &&
      el.getClientRects().length > 0,
  );
  after?.focus();
  return !!after;
}

function onKey(e: KeyboardEvent) {
  const el = e.target as HTMLElement | null;
  if (!el?.matches?.(CELL)) return;
  const book = el.closest<HTMLElement>('[data-testid=orderbook]');
  if (!book) return;
  if (e.key === 'Tab') {
    if (leaveLadder(book, e.shiftKey)) e.preventDefault();
    return;
  }
  const cells = [...book.querySelectorAll(CELL)];
  const col = el.getAttribute('data-testid') ?? 'book-price';
  let idx = -1;
  if (e.key === 'ArrowUp' || e.key === 'ArrowDown')
    idx = nextCell(cells, el, e.key === 'ArrowUp' ? -1 : 1, col);
  else if (e.key === 'PageUp' || e.key === 'PageDown')
    idx = nextCell(cells, el, e.key === 'PageUp' ? -10 : 10, col);
  else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
    const row = el.closest('[data-testid=ob-row]');
    const other = row?.querySelector<HTMLElement>(
      e.key === 'ArrowLeft' ? '[data-testid=book-price]' : '[data-testid=book-qty]',
    );
    if (other) idx = cells.indexOf(other);
  } else return;
  if (idx < 0) return;
  e.preventDefault();
  (cells[idx] as HTMLElement).focus();
}

let installed = false;
/** Installs the listener once per page. */
export function installBookKeys() {
  if (installed || typeof document === 'undefined') return;
  installed = true;
  document.addEventListener('keydown', onKey, true);
}
