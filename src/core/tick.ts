// Tick-size rules (spec 2.7): the tick for price P is the tickSize of the range with the largest
// priceGte <= P. Prices below the first boundary use the first range's tick.
import {
  add,
  ceilToStep,
  type Dec,
  decimalPlaces,
  floorIndex,
  floorToStep,
  isMultipleOf,
  isPositive,
  lt,
  nearestStep,
  sub,
} from './decimal.js';

export interface TickRange {
  priceGte: string;
  tickSize: string;
}

export type SnapDirection = 'down' | 'up' | 'nearest';

/**
 * A policy's ranges in ascending order, sorted once per policy array (a policy is read for every
 * order and every book row; policies are not changed in place, a new one is a new array).
 */
interface Sorted {
  ranges: readonly TickRange[];
  /** The ranges' priceGte, in the same order (parsed once: decimal.ts floorIndex). */
  bounds: readonly Dec[];
}
const sortedCache = new WeakMap<readonly TickRange[], Sorted>();

function sorted(policy: readonly TickRange[]): Sorted {
  let out = sortedCache.get(policy);
  if (out === undefined) {
    if (policy.length === 0) throw new RangeError('tick size policy is empty');
    const ranges = [...policy].sort((a, b) => (lt(a.priceGte, b.priceGte) ? -1 : 1));
    out = { ranges, bounds: ranges.map((r) => r.priceGte) };
    sortedCache.set(policy, out);
  }
  return out;
}

/** The range that applies to a price. */
export function rangeFor(policy: readonly TickRange[], price: Dec): TickRange {
  const { ranges, bounds } = sorted(policy);
  return ranges[Math.max(0, floorIndex(bounds, price))]!;
}

export function tickFor(policy: readonly TickRange[], price: Dec): Dec {
  return rangeFor(policy, price).tickSize;
}

export function isOnTick(policy: readonly TickRange[], price: Dec): boolean {
  if (!isPositive(price)) return false;
  return isMultipleOf(price, tickFor(policy, price));
}

/**
 * Snap a price to a valid tick. Buy orders round down (never pay more than typed), sell orders
 * round up (never sell for less). Snapping across a range boundary re-checks the tick of the
 * range the result lands in, so the result is always on its own tick.
 */
export function snapToTick(policy: readonly TickRange[], price: Dec, dir: SnapDirection): Dec {
  const tick = tickFor(policy, price);
  let snapped =
    dir === 'down'
      ? floorToStep(price, tick)
      : dir === 'up'
        ? ceilToStep(price, tick)
        : nearestStep(price, tick);
  if (!isPositive(snapped)) snapped = ceilToStep(tick, tick);
  // Rounding up may cross into a range with a coarser tick: snap again there (up only moves up).
  if (!isOnTick(policy, snapped)) {
    const outer = tickFor(policy, snapped);
    snapped = dir === 'down' ? floorToStep(snapped, outer) : ceilToStep(snapped, outer);
  }
  return snapped;
}

/** Decimals a price in this range is written with. */
export function priceDecimals(policy: readonly TickRange[], price: Dec): number {
  return decimalPlaces(tickFor(policy, price));
}

/** Smallest tick anywhere in the policy: the display precision of the whole book. */
export function maxPriceDecimals(policy: readonly TickRange[]): number {
  return Math.max(...policy.map((r) => decimalPlaces(r.tickSize)));
}

/** One tick above or below a price (for keyboard stepping in the order form). */
export function stepPrice(policy: readonly TickRange[], price: Dec, steps: 1 | -1): Dec {
  const onTick = isOnTick(policy, price) ? price : snapToTick(policy, price, steps > 0 ? 'down' : 'up');
  if (steps > 0) return snapToTick(policy, add(onTick, tickFor(policy, onTick)), 'up');
  const below = sub(onTick, tickFor(policy, onTick));
  if (!isPositive(below)) return onTick;
  // The tick just below a boundary belongs to the lower range.
  return snapToTick(policy, sub(onTick, tickFor(policy, below)), 'down');
}
