// Trigger evaluation on one trade price: crossing a level, trailing stops with activation.
import { add, div, gt, gte, lte, max, min, mul, sub } from '../decimal.js';
import type { TrailDistance, TrailState, Trigger } from './types.js';

/** The price at which the trigger fires now, or null while a trailing stop is not yet active. */
export function triggerLevel(t: Trigger, s: TrailState | undefined): string | null {
  if (t.type === 'cross') return t.level;
  if (!s?.active || s.extreme === undefined) return null;
  const e = s.extreme;
  const d = 'amount' in t.distance ? t.distance.amount : mul(e, mul(t.distance.percent, '0.01'));
  return t.direction === 'down' ? sub(e, d) : add(e, d);
}

/** Whether a price satisfies a crossing in the given direction (equal counts). */
export function reaches(direction: 'up' | 'down', price: string, level: string): boolean {
  return direction === 'up' ? gte(price, level) : lte(price, level);
}

export interface Evaluation {
  fired: boolean;
  state: TrailState | undefined;
}

/**
 * One trade against one trigger. A cross trigger fires when the trade reaches its level. A
 * trailing trigger first waits for its activation price, then follows the best price (high for a
 * sell stop, low for a buy stop) and fires when a trade comes back by the distance. The trade
 * that activates it or sets a new extreme never fires it.
 */
export function evaluate(t: Trigger, s: TrailState | undefined, price: string): Evaluation {
  if (t.type === 'cross') return { fired: reaches(t.direction, price, t.level), state: undefined };
  const cur: TrailState = s ?? { active: false };
  if (!cur.active) {
    const on =
      t.activation === undefined || reaches(t.direction === 'down' ? 'up' : 'down', price, t.activation);
    return { fired: false, state: on ? { active: true, extreme: price } : cur };
  }
  const prev = cur.extreme ?? price;
  const extreme = t.direction === 'down' ? max(prev, price) : min(prev, price);
  if (extreme !== prev) return { fired: false, state: { active: true, extreme } };
  const level = triggerLevel(t, { active: true, extreme })!;
  return { fired: reaches(t.direction, price, level), state: { active: true, extreme } };
}

/**
 * The distance that puts an active trailing trigger's level at `level` from its current extreme, in
 * the trigger's own unit (an amount, or a percent of the extreme to 4 places): dragging its chart
 * line. Null while it is not active, or when `level` is not on the far side of the extreme.
 */
export function distanceForLevel(
  t: Extract<Trigger, { type: 'trailing' }>,
  s: TrailState | undefined,
  level: string,
): TrailDistance | null {
  if (!s?.active || s.extreme === undefined) return null;
  const d = t.direction === 'down' ? sub(s.extreme, level) : sub(level, s.extreme);
  if (!gt(d, '0')) return null;
  if ('amount' in t.distance) return { amount: d };
  const percent = div(mul(d, '100'), s.extreme, 4);
  return gt(percent, '0') ? { percent } : null;
}
