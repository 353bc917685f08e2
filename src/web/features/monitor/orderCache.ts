// Pure cache updates from private stream frames: open orders per pair and recent fills.
import { mul } from '../../../core/decimal.js';

export interface OpenOrderLike {
  orderId: number | string;
  side: string;
  status: string;
  [k: string]: unknown;
}

const OPEN = new Set(['open', 'partiallyFilled', 'unfilled', 'pending']);

/** Apply one myOrder update to an open-orders list: upsert while open, remove once closed. */
export function applyOrderUpdate<T extends OpenOrderLike>(list: readonly T[], order: OpenOrderLike): T[] {
  const i = list.findIndex((o) => String(o.orderId) === String(order.orderId));
  const status = order.status === 'unfilled' ? 'open' : order.status;
  if (!OPEN.has(status)) return i < 0 ? (list as T[]) : list.filter((_, j) => j !== i);
  const merged = { ...(i < 0 ? {} : list[i]), ...stripNullish(order), status } as unknown as T;
  if (i < 0) return [merged, ...list];
  const next = list.slice();
  next[i] = merged;
  return next;
}

function stripNullish(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined && v !== null) out[k] = v;
  return out;
}

export interface FillRecord {
  symbol: string;
  tradeId: number | string;
  orderId: number | string;
  side: string;
  price: string;
  qty: string;
  amt: string;
  tradedAt: number;
  isTaker: boolean;
  feeCurrency: string;
  feeQty: string;
}

export interface WsFill {
  tradeId: number | string;
  orderId: number | string;
  symbol?: string;
  side: string;
  price: string;
  qty: string;
  fee: string;
  feeCurrency: string;
  filledAt: number;
  isTaker: boolean;
}

/** A myTrade frame entry in the REST myTrades shape. */
export function fillFromWs(f: WsFill, symbol: string): FillRecord {
  return {
    symbol: f.symbol ?? symbol,
    tradeId: f.tradeId,
    orderId: f.orderId,
    side: f.side,
    price: f.price,
    qty: f.qty,
    amt: mul(f.price, f.qty),
    tradedAt: f.filledAt,
    isTaker: f.isTaker,
    feeCurrency: f.feeCurrency,
    feeQty: f.fee,
  };
}

/** Prepend a fill unless its tradeId is already there; newest first, capped. */
export function addFill<T extends { tradeId: number | string; tradedAt: number }>(
  list: readonly T[],
  fill: T,
  cap = 200,
): T[] {
  if (list.some((x) => String(x.tradeId) === String(fill.tradeId))) return list as T[];
  return [fill, ...list].sort((a, b) => b.tradedAt - a.tradedAt).slice(0, cap);
}
