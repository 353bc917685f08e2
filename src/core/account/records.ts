// One merge per record kind of an account's private data: myOrder rows (stream) and allOrders rows
// (REST gap walk) into the open-orders list, myTrade rows (stream) and myTrades rows (REST) into the
// fills list. One record type per list: OpenOrder (REST /v2/openOrders element, status in REST names)
// and MyTrade (REST /v2/myTrades element). Pure; the web's account-stream module is the only caller
// that writes caches with them.
import { mul } from '../decimal.js';
import { isOpenStatus, normalizeOrderStatus } from '../orderStatus.js';
import type { MyTrade, OpenOrder, WsOrder, WsTrade } from '../schemas/index.js';

/** An order row from either source: a myOrder stream row or a REST order (allOrders / orders). */
export type OrderRow = Pick<WsOrder, 'orderId' | 'side' | 'status'> & Partial<WsOrder>;

/** A myOrder row (or REST order) as an open-orders record; fields the row lacks keep their previous value. */
export function openOrderFromRow(o: OrderRow, prev?: OpenOrder): OpenOrder {
  return {
    ...(prev ?? {}),
    orderId: o.orderId,
    clientOrderId: o.clientOrderId ?? prev?.clientOrderId ?? null,
    orderType: o.orderType ?? prev?.orderType ?? 'limit',
    side: o.side,
    price: o.price ?? prev?.price ?? null,
    qty: o.qty ?? prev?.qty ?? null,
    amt: o.amt ?? prev?.amt ?? null,
    filledQty: o.filledQty ?? prev?.filledQty ?? '0',
    filledAmt: o.filledAmt ?? prev?.filledAmt ?? '0',
    avgPrice: o.avgPrice ?? prev?.avgPrice ?? null,
    createdAt: o.createdAt ?? prev?.createdAt ?? Date.now(),
    lastFilledAt: o.lastFilledAt ?? prev?.lastFilledAt ?? null,
    status: normalizeOrderStatus(o.status) as OpenOrder['status'],
  };
}

const byNewestOrder = (a: OpenOrder, b: OpenOrder) => b.createdAt - a.createdAt || b.orderId - a.orderId;

/**
 * Applies order rows of one pair to its open-orders list (newest first): upserted while open, removed
 * once closed; an unknown status counts as closed (like the vendor's client). The same list object is
 * returned when nothing changed.
 */
export function applyOrderRows(
  list: readonly OpenOrder[] | undefined,
  rows: readonly OrderRow[],
): OpenOrder[] {
  const byId = new Map((list ?? []).map((o) => [o.orderId, o]));
  let changed = !list;
  for (const r of rows) {
    if (isOpenStatus(r.status)) {
      byId.set(r.orderId, openOrderFromRow(r, byId.get(r.orderId)));
      changed = true;
    } else if (byId.delete(r.orderId)) changed = true;
  }
  if (!changed) return list as OpenOrder[];
  return [...byId.values()].sort(byNewestOrder);
}

/** A myTrade row as a my-trades record (`fee` is REST's signed `feeQty`, `filledAt` its `tradedAt`). */
export function fillFromRow(t: WsTrade, symbol: string): MyTrade {
  return {
    symbol: t.symbol ?? symbol,
    tradeId: t.tradeId,
    orderId: t.orderId,
    side: t.side,
    price: t.price,
    qty: t.qty,
    amt: typeof t.amt === 'string' ? t.amt : mul(t.price, t.qty),
    tradedAt: t.filledAt,
    isTaker: t.isTaker,
    feeCurrency: t.feeCurrency,
    feeQty: t.fee,
  };
}

/** Fills kept per list (newest first); older ones fall off. */
export const FILLS_KEPT = 2000;

/** Adds fills to a list, newest first, unique by tradeId; the same list object when nothing is new. */
export function mergeFills(
  list: readonly MyTrade[] | undefined,
  fills: readonly MyTrade[],
  cap = FILLS_KEPT,
): MyTrade[] {
  const seen = new Set((list ?? []).map((t) => t.tradeId));
  const fresh: MyTrade[] = [];
  for (const f of fills) {
    if (seen.has(f.tradeId)) continue;
    seen.add(f.tradeId);
    fresh.push(f);
  }
  if (!fresh.length && list) return list as MyTrade[];
  return [...fresh, ...(list ?? [])]
    .sort((a, b) => b.tradedAt - a.tradedAt || b.tradeId - a.tradeId)
    .slice(0, cap);
}

/**
 * Fills already told as new, so the stream and a gap backfill that both bring a fill tell it once.
 * Keyed by pair and tradeId (the vendor's client dedupes per symbol: trade ids need not be unique
 * across pairs). Bounded: the oldest are forgotten past `cap` (far more than one gap can hold).
 */
export class SeenFills {
  private readonly keys = new Set<string>();
  constructor(private readonly cap = 20_000) {}

  /** The fills not seen before, now marked seen (first occurrence wins within one call too). */
  takeNew<T extends { symbol: string; tradeId: number }>(fills: readonly T[]): T[] {
    const out: T[] = [];
    for (const f of fills) {
      const k = `${f.symbol}|${f.tradeId}`;
      if (this.keys.has(k)) continue;
      this.keys.add(k);
      out.push(f);
      if (this.keys.size > this.cap) this.keys.delete(this.keys.values().next().value as string);
    }
    return out;
  }
}

/** Rows grouped by their pair; rows without one (a frame that named none) apart. */
export function groupBySymbol<T extends { symbol?: string | undefined }>(
  rows: readonly T[],
): { by: Map<string, T[]>; lost: T[] } {
  const by = new Map<string, T[]>();
  const lost: T[] = [];
  for (const r of rows) {
    if (!r.symbol) {
      lost.push(r);
      continue;
    }
    const list = by.get(r.symbol) ?? [];
    list.push(r);
    by.set(r.symbol, list);
  }
  return { by, lost };
}
