/**
 * The book paper mode serves (pure): the source's levels minus consumption plus the sandbox's own
 * resting orders, optionally grouped by an orderbookLevels step the way the sandbox groups its own
 * book (bids down, asks up to the step; `amt` summed exactly per group).
 */
import { groupLevels } from '../../engine/groupLevels.js';
import { priceStr, priceToInt, qtyStr } from '../../engine/units.js';
import type { BookLevel, Orderbook } from '../../types.js';
import type { IntLevel } from '../source.js';
import { mergeLevels, type Side } from './rules.js';

export { groupLevels } from '../../engine/groupLevels.js';

/** The levels of the sandbox's own resting orders are read this deep before merging. */
export const OWN_DEPTH = 200;

export function servedSide(
  source: readonly IntLevel[],
  own: readonly IntLevel[],
  side: Side,
  depth: number,
): IntLevel[] {
  return mergeLevels(source, own, side, depth);
}

export function bookOf(
  timestamp: number,
  bids: readonly IntLevel[],
  asks: readonly IntLevel[],
  depth: number,
  level?: string,
): Orderbook {
  if (!level) {
    const conv = ([p, q]: IntLevel): BookLevel => ({ price: priceStr(p), qty: qtyStr(q) });
    return { timestamp, bids: bids.slice(0, depth).map(conv), asks: asks.slice(0, depth).map(conv) };
  }
  const step = priceToInt(level) ?? 1;
  return {
    timestamp,
    bids: groupLevels(bids, step, 'buy', depth),
    asks: groupLevels(asks, step, 'sell', depth),
  };
}
