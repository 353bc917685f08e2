// Walking the book in scaled integers: prices in 10^-ps, quantities in 10^-qs, quote amounts (price x qty)
// in 10^-(ps+qs). Exact: no rounding happens until a figure is written out for the screen.
import type { PtLevel } from './types.js';
import { toUnits } from './units.js';

export interface Lvl {
  p: bigint;
  q: bigint;
}

export interface Scales {
  ps: number;
  qs: number;
}

/** Parses one side best-first (asks ascending, bids descending), merging equal prices, dropping empty ones. */
export function prepSide(levels: readonly PtLevel[], sc: Scales, asks: boolean): Lvl[] | null {
  const byPrice = new Map<bigint, bigint>();
  for (const l of levels) {
    const p = toUnits(l.price, sc.ps);
    const q = toUnits(l.qty, sc.qs);
    if (p === null || q === null) return null;
    if (p === 0n || q === 0n) continue;
    byPrice.set(p, (byPrice.get(p) ?? 0n) + q);
  }
  const out = [...byPrice].map(([p, q]) => ({ p, q }));
  out.sort((a, b) => (a.p === b.p ? 0 : a.p < b.p === asks ? -1 : 1));
  return out;
}

export interface WalkResult {
  filledQty: bigint;
  filledQuote: bigint;
  worst: bigint | null;
  /** What is left of the target (quote units when by amount, else quantity units). */
  remaining: bigint;
  levelsUsed: number;
  /** Stopped by the limit (a price or the protection bound) rather than by the book running out. */
  stoppedByLimit: boolean;
}

/**
 * Consumes `target` from best-first levels: a quote amount (`byQuote`, a market buy's amt) or a base
 * quantity. `limit` caps the prices taken (a buy takes asks <= limit, a sell bids >= limit). By amount, the
 * last level takes floor(remaining / price) quantity and the leftover below one quantity unit counts as
 * spent (the exchange cannot buy less than one unit).
 */
export function walk(
  levels: readonly Lvl[],
  target: bigint,
  byQuote: boolean,
  limit: bigint | null,
  buy: boolean,
): WalkResult {
  let remaining = target;
  let filledQty = 0n;
  let filledQuote = 0n;
  let worst: bigint | null = null;
  let levelsUsed = 0;
  let stoppedByLimit = false;
  for (const l of levels) {
    if (remaining <= 0n) break;
    if (limit !== null && (buy ? l.p > limit : l.p < limit)) {
      stoppedByLimit = true;
      break;
    }
    const levelQuote = l.p * l.q;
    let take: bigint;
    if (byQuote) {
      take = remaining >= levelQuote ? l.q : remaining / l.p;
      remaining = remaining >= levelQuote ? remaining - levelQuote : 0n;
    } else {
      take = l.q;
      if (remaining < take) take = remaining; // bigint: no Math.min
      remaining -= take;
    }
    if (take > 0n) {
      filledQty += take;
      filledQuote += take * l.p;
      worst = l.p;
      levelsUsed++;
    }
  }
  return { filledQty, filledQuote, worst, remaining, levelsUsed, stoppedByLimit };
}

/** Sum of quantities, and of price x quantity, of one side. */
export function depthOf(levels: readonly Lvl[]): { qty: bigint; quote: bigint } {
  let qty = 0n;
  let quote = 0n;
  for (const l of levels) {
    qty += l.q;
    quote += l.p * l.q;
  }
  return { qty, quote };
}
