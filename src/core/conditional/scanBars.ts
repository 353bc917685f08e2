// Judging price bars (candles) that cover trades never seen one by one: a gap longer than the 500
// trades GET /v2/trades returns. A bar says only that every price from its low to its high printed
// some time within it, not in which order, so a leg fires only where that is certain whatever the
// order was; otherwise the bar moves trailing progress only as far as is certain.
import { lte, max, min } from '../decimal.js';
import type { WatchState } from './scan.js';
import { reaches, triggerLevel } from './trigger.js';
import type { Leg, TrailState, Trigger } from './types.js';

export interface PriceBar {
  /** Bar start (ms). */
  timestamp: number;
  high: string;
  low: string;
}

export interface BarFire {
  leg: number;
  bar: PriceBar;
  /** The trigger level the bar reached (the trade prices themselves are not known). */
  price: string;
}

/** The far end of a bar in a direction: its high for `up`, its low for `down`. */
const reach = (bar: PriceBar, direction: 'up' | 'down') => (direction === 'up' ? bar.high : bar.low);

/**
 * One bar against one trigger, given the progress before it.
 * - cross: fires when the bar reaches the level.
 * - trailing, active with extreme E: fires when the bar reaches the level measured from E (the
 *   extreme can only move away from the price within the bar, so the level only moves toward it:
 *   the crossing happened whatever the order). Else the extreme becomes the bar's far side.
 * - trailing, not yet active: activates when the bar reaches the activation price (or at once
 *   without one), with the bar's far side as extreme; it never fires on its activation bar.
 */
export function evaluateBar(
  t: Trigger,
  s: TrailState | undefined,
  bar: PriceBar,
): { fired: string | null; state: TrailState | undefined } {
  if (t.type === 'cross')
    return {
      fired: reaches(t.direction, reach(bar, t.direction), t.level) ? t.level : null,
      state: undefined,
    };
  // A sell trailing stop (down) follows the high; the buy mirror (up) follows the low.
  const follow = t.direction === 'down' ? bar.high : bar.low;
  const better = (a: string, b: string) => (t.direction === 'down' ? max(a, b) : min(a, b));
  if (!s?.active || s.extreme === undefined) {
    const on =
      t.activation === undefined || reaches(t.direction === 'down' ? 'up' : 'down', follow, t.activation);
    return { fired: null, state: on ? { active: true, extreme: follow } : (s ?? { active: false }) };
  }
  const level = triggerLevel(t, s)!;
  if (reaches(t.direction, reach(bar, t.direction), level)) return { fired: level, state: s };
  return { fired: null, state: { active: true, extreme: better(s.extreme, follow) } };
}

/** Bars oldest first; stops at the first bar where a leg certainly fired (the first leg wins a tie). */
export function scanBars(
  legs: readonly Leg[],
  watch: WatchState,
  bars: readonly PriceBar[],
): { fire?: BarFire; watch: WatchState } {
  const trail = [...watch.trail];
  const sorted = [...bars].sort((a, b) => a.timestamp - b.timestamp);
  for (const bar of sorted) {
    // A malformed bar (low above high) says nothing certain.
    if (!lte(bar.low, bar.high)) continue;
    let fire: BarFire | undefined;
    legs.forEach((leg, i) => {
      if (leg.kind !== 'trigger') return;
      const r = evaluateBar(leg.trigger, trail[i], bar);
      trail[i] = r.state;
      if (r.fired !== null && !fire) fire = { leg: i, bar, price: r.fired };
    });
    if (fire) return { fire, watch: { ...watch, trail } };
  }
  return { watch: { ...watch, trail } };
}
