// One-line descriptions of a conditional order's trigger and order, for tables and chart lines (pure).
import { triggerLevel } from '../../../core/conditional/trigger.js';
import type { Leg, OrderSpec, TrailState } from '../../../core/conditional/types.js';

export interface LegLine {
  leg: number;
  /** Where the trigger fires now (null: a trailing stop not yet active). */
  level: string | null;
  kind: 'stop' | 'tp' | 'trail' | 'resting';
  movable: boolean;
  side: 'buy' | 'sell';
}

/** A cross leg is a stop when it fires against the position (sell on a fall, buy on a rise). */
export function legLines(legs: readonly Leg[], trail: readonly (TrailState | null | undefined)[]): LegLine[] {
  return legs.map((l, i) => {
    if (l.kind === 'resting')
      return { leg: i, level: l.order.price ?? null, kind: 'resting', movable: false, side: l.order.side };
    const t = l.trigger;
    if (t.type === 'trailing') {
      const s = trail[i] ?? undefined;
      // an active trail drags too: its distance from the extreme changes
      const level = triggerLevel(t, s);
      return { leg: i, level, kind: 'trail', movable: level !== null, side: l.order.side };
    }
    const stop = (l.order.side === 'sell') === (t.direction === 'down');
    return { leg: i, level: t.level, kind: stop ? 'stop' : 'tp', movable: true, side: l.order.side };
  });
}

export function orderText(o: OrderSpec, fmt: (v: string) => string): string {
  const size = o.qty ? fmt(o.qty) : o.amt ? `${fmt(o.amt)} (amt)` : '=fill';
  return `${o.orderType === 'limit' && o.price ? `${fmt(o.price)} × ` : ''}${size}`;
}
