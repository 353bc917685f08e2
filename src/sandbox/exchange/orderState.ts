/** Internal order state (persisted as JSON) and its public projections. */
import type { OrderRecord } from '../types.js';

export interface OrderState extends OrderRecord {
  /** Limit price as a scaled integer (limit and best orders once determined). */
  priceInt?: number;
  /** Remaining quantity in smallest units (resting orders). */
  remaining: number;
  /** Amount still held for this order in ledger units (quote for buys, base for sells), as a string. */
  hold: string;
  filledQtyU: number;
  filledAmtU: string;
}

const INTERNAL = new Set([
  'priceInt',
  'remaining',
  'hold',
  'filledQtyU',
  'filledAmtU',
  'userId',
  'accountSeq',
]);

/** Order as GET /v2/orders returns it (spec 2.8). */
export function publicOrder(o: OrderState | OrderRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (!INTERNAL.has(k) && v !== undefined) out[k] = v;
  return out;
}

/** An order row without `closedAt` / `triggeredAt` (the live-strict profile: live sends neither). */
export function withoutCloseTimes(row: Record<string, unknown>): Record<string, unknown> {
  const { closedAt: _c, triggeredAt: _t, ...rest } = row;
  return rest;
}

/** Element of GET /v2/openOrders (spec 2.9): without symbol, timeInForce, closedAt, triggeredAt. */
export function openOrderView(o: OrderState | OrderRecord): Record<string, unknown> {
  const { symbol: _s, timeInForce: _t, closedAt: _c, ...rest } = publicOrder(o) as Record<string, unknown>;
  return rest;
}

/** The OrderRecord part (for bus events): public fields plus owner. */
export function orderRecord(o: OrderState): OrderRecord {
  const { priceInt: _p, remaining: _r, hold: _h, filledQtyU: _q, filledAmtU: _a, ...rec } = o;
  return rec;
}

export const isOpen = (o: OrderRecord) => o.status === 'open' || o.status === 'partiallyFilled';
