// OCO and bracket decisions as pure functions; the proxy engine does the I/O around them.
import { gt, isPositive, sub } from '../decimal.js';
import { isOpenStatus } from '../orderStatus.js';
import type { CondDefinition, Leg, OrderSpec } from './types.js';

/** A bracket's exit legs sized to the entry's filled quantity. */
export function exitLegs(def: CondDefinition, filledQty: string): Leg[] {
  return def.legs.map((l) => ({ ...l, order: { ...l.order, qty: filledQty } }) as Leg);
}

/**
 * The order a fired leg places, after its OCO partner (a resting limit, now canceled) filled
 * `partnerFilled` of the same quantity: only the rest is still to be covered. Null when nothing
 * is left, meaning the resting leg won the race.
 */
export function firedOrder(leg: Leg, partnerFilled = '0'): OrderSpec | null {
  const o = leg.order;
  if (!o.qty || !isPositive(partnerFilled)) return o;
  if (!gt(o.qty, partnerFilled)) return null;
  return { ...o, qty: sub(o.qty, partnerFilled) };
}

export type OrderProgress = 'open' | 'filled' | 'closed';

/** Reads an exchange order: still working, fully filled, or closed (canceled or expired) with its fill. */
export function orderProgress(o: { status: string; qty?: string | null; filledQty?: string | null }): {
  progress: OrderProgress;
  filledQty: string;
} {
  const filledQty = o.filledQty ?? '0';
  if (o.status === 'filled') return { progress: 'filled', filledQty };
  if (isOpenStatus(o.status)) return { progress: 'open', filledQty };
  return { progress: 'closed', filledQty };
}
