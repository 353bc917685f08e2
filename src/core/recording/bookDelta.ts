// Orderbook deltas of a recording: the levels that changed between two full frames of a pair, and
// the book rebuilt from a keyframe plus deltas. Levels keep their exact strings; bids are sorted
// high to low and asks low to high, as the exchange sends them.
import type { DeltaLevel } from './format.js';

export interface BookLevel {
  price: string;
  qty: string;
}

export interface BookSides {
  bids: BookLevel[];
  asks: BookLevel[];
}

/** Compares two unsigned decimal strings ("123.45") without converting to floats. */
export function compareUnsigned(a: string, b: string): number {
  if (a === b) return 0;
  const [ai = '', af = ''] = a.split('.');
  const [bi = '', bf = ''] = b.split('.');
  const aInt = ai.replace(/^0+(?=\d)/, '');
  const bInt = bi.replace(/^0+(?=\d)/, '');
  if (aInt.length !== bInt.length) return aInt.length < bInt.length ? -1 : 1;
  if (aInt !== bInt) return aInt < bInt ? -1 : 1;
  const n = Math.max(af.length, bf.length);
  const a2 = af.padEnd(n, '0');
  const b2 = bf.padEnd(n, '0');
  return a2 === b2 ? 0 : a2 < b2 ? -1 : 1;
}

const isZeroQty = (q: string) => !/[1-9]/.test(q);

function sideDiff(prev: readonly BookLevel[], next: readonly BookLevel[]): DeltaLevel[] {
  const before = new Map<string, string>();
  for (const l of prev) before.set(l.price, l.qty);
  const out: DeltaLevel[] = [];
  const seen = new Set<string>();
  for (const l of next) {
    seen.add(l.price);
    if (before.get(l.price) !== l.qty) out.push([l.price, l.qty]);
  }
  for (const l of prev) if (!seen.has(l.price)) out.push([l.price, '0']);
  return out;
}

/** The levels that turn `prev` into `next` (both full top-N books). */
export function diffBook(prev: BookSides, next: BookSides): { bids: DeltaLevel[]; asks: DeltaLevel[] } {
  return { bids: sideDiff(prev.bids, next.bids), asks: sideDiff(prev.asks, next.asks) };
}

function sideApply(prev: readonly BookLevel[], delta: readonly DeltaLevel[], desc: boolean): BookLevel[] {
  const m = new Map<string, string>();
  for (const l of prev) m.set(l.price, l.qty);
  for (const [p, q] of delta) {
    if (isZeroQty(q)) m.delete(p);
    else m.set(p, q);
  }
  const out = [...m].map(([price, qty]) => ({ price, qty }));
  out.sort((x, y) => (desc ? compareUnsigned(y.price, x.price) : compareUnsigned(x.price, y.price)));
  return out;
}

/** The book after a delta. */
export function applyDelta(prev: BookSides, delta: { bids: DeltaLevel[]; asks: DeltaLevel[] }): BookSides {
  return { bids: sideApply(prev.bids, delta.bids, true), asks: sideApply(prev.asks, delta.asks, false) };
}

/** Levels of a frame's `data` in the plain form (extra fields such as amt dropped). */
export function plainSides(data: { bids?: unknown; asks?: unknown }): BookSides {
  const pick = (v: unknown): BookLevel[] =>
    Array.isArray(v)
      ? v.flatMap((l) => {
          const r = l as { price?: unknown; qty?: unknown };
          return typeof r.price === 'string' && typeof r.qty === 'string'
            ? [{ price: r.price, qty: r.qty }]
            : [];
        })
      : [];
  return { bids: pick(data.bids), asks: pick(data.asks) };
}
