// Pure order-book calculators: sort, uncross, cumulative depth, spread/mid, own-order marks.
import {
  add,
  ceilToStep,
  cmp,
  type Dec,
  div,
  floorToStep,
  gt,
  isPositive,
  isZero,
  sub,
} from '../../../core/decimal.js';
import { fracDigits, fromScaled, toScaled } from './scaled.js';

export interface BookLevel {
  price: Dec;
  qty: Dec;
}

export interface LadderRow {
  price: Dec;
  qty: Dec;
  /** Cumulative quantity from the best price outward. */
  cum: Dec;
  /** cum / (largest cumulative of both sides), 0..1, for the depth bar width (display only). */
  depth: number;
}

export interface Ladder {
  /** Best (lowest) ask first. */
  asks: LadderRow[];
  /** Best (highest) bid first. */
  bids: LadderRow[];
  spread: Dec | null;
  mid: Dec | null;
}

/** Bids descending, asks ascending, zero-quantity levels dropped, duplicates merged. */
export function sortSide(levels: readonly BookLevel[], side: 'bids' | 'asks'): BookLevel[] {
  const byPrice = new Map<string, BookLevel>();
  for (const l of levels) {
    if (!isPositive(l.qty)) continue;
    const prev = byPrice.get(l.price);
    byPrice.set(
      l.price,
      prev ? { price: l.price, qty: add(prev.qty, l.qty) } : { price: l.price, qty: l.qty },
    );
  }
  const out = [...byPrice.values()];
  out.sort((a, b) => (side === 'bids' ? cmp(b.price, a.price) : cmp(a.price, b.price)));
  return out;
}

/**
 * Never shows a crossed book: while the best bid is at or above the best ask (only possible from a glitch
 * upstream), both top levels are dropped.
 */
export function uncross(bids: BookLevel[], asks: BookLevel[]): { bids: BookLevel[]; asks: BookLevel[] } {
  let b = 0;
  let a = 0;
  while (b < bids.length && a < asks.length && !gt(asks[a]!.price, bids[b]!.price)) {
    b++;
    a++;
  }
  return { bids: b ? bids.slice(b) : bids, asks: a ? asks.slice(a) : asks };
}

function cumulate(levels: readonly BookLevel[]): { rows: Omit<LadderRow, 'depth'>[]; total: Dec } {
  let cum = '0';
  const rows = levels.map((l) => {
    cum = add(cum, l.qty);
    return { price: l.price, qty: l.qty, cum };
  });
  return { rows, total: cum };
}

/** Builds the ladder (both sides limited to `depthLimit` levels): scaled integers, big.js only as fallback. */
export function buildLadder(
  rawBids: readonly BookLevel[],
  rawAsks: readonly BookLevel[],
  depthLimit = 30,
): Ladder {
  return fastLadder(rawBids, rawAsks, depthLimit) ?? decimalLadder(rawBids, rawAsks, depthLimit);
}

/** The reference implementation on decimal strings (big.js); used when a value does not fit the fast path. */
export function decimalLadder(
  rawBids: readonly BookLevel[],
  rawAsks: readonly BookLevel[],
  depthLimit = 30,
): Ladder {
  const { bids, asks } = uncross(sortSide(rawBids, 'bids'), sortSide(rawAsks, 'asks'));
  const b = cumulate(bids.slice(0, depthLimit));
  const a = cumulate(asks.slice(0, depthLimit));
  const maxCum = cmp(b.total, a.total) >= 0 ? b.total : a.total;
  const ratio = (cum: Dec) => (isZero(maxCum) ? 0 : Number(div(cum, maxCum, 4, 'down')));
  const bestBid = bids[0]?.price;
  const bestAsk = asks[0]?.price;
  return {
    bids: b.rows.map((r) => ({ ...r, depth: ratio(r.cum) })),
    asks: a.rows.map((r) => ({ ...r, depth: ratio(r.cum) })),
    spread: bestBid && bestAsk ? sub(bestAsk, bestBid) : null,
    mid: bestBid && bestAsk ? midOf(bestBid, bestAsk) : null,
  };
}

const midOf = (bid: Dec, ask: Dec) => div(add(bid, ask), '2', 12, 'halfUp');

interface ScaledLevel {
  p: number;
  q: number;
  price: Dec;
  qty: Dec;
  merged: boolean;
}

const MAX_SCALE = 12;

function maxFrac(levels: readonly BookLevel[], key: 'price' | 'qty', from: number): number {
  let s = from;
  for (const l of levels) s = Math.max(s, fracDigits(l[key]));
  return s;
}

/** One side as scaled integers, merged and sorted; null when a value does not fit. */
function scaledSide(
  levels: readonly BookLevel[],
  ps: number,
  qs: number,
  desc: boolean,
): ScaledLevel[] | null {
  const byPrice = new Map<number, ScaledLevel>();
  for (const l of levels) {
    if (l.qty.startsWith('-')) continue;
    const p = toScaled(l.price, ps);
    const q = toScaled(l.qty, qs);
    if (p === null || q === null) return null;
    if (q === 0) continue;
    const prev = byPrice.get(p);
    if (!prev) byPrice.set(p, { p, q, price: l.price, qty: l.qty, merged: false });
    else {
      prev.q += q;
      prev.merged = true;
      if (!Number.isSafeInteger(prev.q)) return null;
    }
  }
  const out = [...byPrice.values()];
  out.sort(desc ? (a, b) => b.p - a.p : (a, b) => a.p - b.p);
  return out;
}

function fastLadder(
  rawBids: readonly BookLevel[],
  rawAsks: readonly BookLevel[],
  depthLimit: number,
): Ladder | null {
  const ps = maxFrac(rawAsks, 'price', maxFrac(rawBids, 'price', 0));
  const qs = maxFrac(rawAsks, 'qty', maxFrac(rawBids, 'qty', 0));
  if (ps > MAX_SCALE || qs > MAX_SCALE) return null;
  let bids = scaledSide(rawBids, ps, qs, true);
  let asks = scaledSide(rawAsks, ps, qs, false);
  if (!bids || !asks) return null;
  let cut = 0;
  while (cut < bids.length && cut < asks.length && asks[cut]!.p <= bids[cut]!.p) cut++;
  if (cut) {
    bids = bids.slice(cut);
    asks = asks.slice(cut);
  }
  const rows = (side: ScaledLevel[]) => {
    let cum = 0;
    return side.slice(0, depthLimit).map((l) => {
      cum += l.q;
      return { l, cum };
    });
  };
  const b = rows(bids);
  const a = rows(asks);
  const maxCum = Math.max(b[b.length - 1]?.cum ?? 0, a[a.length - 1]?.cum ?? 0);
  if (!Number.isSafeInteger(maxCum)) return null;
  const toRow = ({ l, cum }: { l: ScaledLevel; cum: number }): LadderRow => ({
    price: l.price,
    qty: l.merged ? fromScaled(l.q, qs) : l.qty,
    cum: fromScaled(cum, qs),
    depth: maxCum === 0 ? 0 : Math.floor((cum / maxCum) * 10_000) / 10_000,
  });
  const bestBid = bids[0];
  const bestAsk = asks[0];
  return {
    bids: b.map(toRow),
    asks: a.map(toRow),
    spread: bestBid && bestAsk ? fromScaled(bestAsk.p - bestBid.p, ps) : null,
    mid: bestBid && bestAsk ? midOf(bestBid.price, bestAsk.price) : null,
  };
}

/**
 * Prices of the user's resting orders as ladder keys. Ungrouped: the order price itself. Grouped by `level`:
 * bids fall into the level at or below their price, asks into the level at or above (how the exchange groups).
 */
export function ownOrderMarks(
  orders: readonly { side: 'buy' | 'sell'; price?: string | null }[],
  level: string | null,
): { bids: Set<string>; asks: Set<string> } {
  const bids = new Set<string>();
  const asks = new Set<string>();
  for (const o of orders) {
    if (!o.price) continue;
    if (o.side === 'buy') bids.add(canon(level ? floorToStep(o.price, level) : o.price));
    else asks.add(canon(level ? ceilToStep(o.price, level) : o.price));
  }
  return { bids, asks };
}

/** Canonical decimal text (no trailing zeros) so "100.0" and "100" compare equal as set keys. */
export function canon(d: Dec): string {
  if (!d.includes('.')) return d;
  const t = d.replace(/0+$/, '');
  return t.endsWith('.') ? t.slice(0, -1) : t;
}
