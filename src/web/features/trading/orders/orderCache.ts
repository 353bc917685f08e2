// Pure cache updaters for stream frames: myOrder -> open orders, myTrade -> my trades.
import { mul } from '../../../../core/decimal.js';
import type { MyTrade, OpenOrder, WsOrder, WsTrade } from '../../../lib/types.js';

const OPEN = new Set(['pending', 'open', 'unfilled', 'partiallyFilled']);

/** Whether a myOrder status means the order still rests (WS says `unfilled` where REST says `open`). */
export const isOpenStatus = (s: string) => OPEN.has(s);

export function wsOrderToOpen(o: WsOrder, prev?: OpenOrder): OpenOrder {
  const status = (o.status === 'unfilled' ? 'open' : o.status) as OpenOrder['status'];
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
    status,
  };
}

/** Applies myOrder updates of one symbol to the open-orders list (newest first). */
export function applyOrderUpdates(
  list: readonly OpenOrder[] | undefined,
  updates: readonly WsOrder[],
): OpenOrder[] {
  const byId = new Map((list ?? []).map((o) => [o.orderId, o]));
  for (const u of updates) {
    if (isOpenStatus(u.status)) byId.set(u.orderId, wsOrderToOpen(u, byId.get(u.orderId)));
    else byId.delete(u.orderId);
  }
  return [...byId.values()].sort((a, b) => b.createdAt - a.createdAt || b.orderId - a.orderId);
}

export function wsTradeToMyTrade(t: WsTrade, symbol: string): MyTrade {
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
    feeQty: t.fee.replace(/^-/, ''),
  };
}

/** Prepends fills (newest first, unique by tradeId). */
export function applyTradeUpdates(
  list: readonly MyTrade[] | undefined,
  fills: readonly MyTrade[],
): MyTrade[] {
  const seen = new Set((list ?? []).map((t) => t.tradeId));
  const fresh = fills.filter((f) => !seen.has(f.tradeId));
  if (!fresh.length && list) return list as MyTrade[];
  return [...fresh, ...(list ?? [])].sort((a, b) => b.tradedAt - a.tradedAt || b.tradeId - a.tradeId);
}

/**
 * Order reads lag the stream by about a second, so a REST list fetched just after a myOrder frame can miss a
 * new order or still show a canceled one. Stream updates are remembered for a few seconds and laid over
 * every REST result: closed orders stay removed, new orders stay present.
 */
const RECENT_MS = 8_000;
const recent = new Map<string, Map<number, { u: WsOrder; at: number }>>();

export function rememberOrderUpdates(key: string, updates: readonly WsOrder[], now = Date.now()) {
  let m = recent.get(key);
  if (!m) {
    m = new Map();
    recent.set(key, m);
  }
  for (const u of updates) m.set(u.orderId, { u, at: now });
}

export function overlayRecentUpdates(key: string, list: readonly OpenOrder[], now = Date.now()): OpenOrder[] {
  const m = recent.get(key);
  if (!m) return list as OpenOrder[];
  const byId = new Map(list.map((o) => [o.orderId, o]));
  for (const [id, { u, at }] of m) {
    if (now - at > RECENT_MS) {
      m.delete(id);
      continue;
    }
    if (!isOpenStatus(u.status)) byId.delete(id);
    else if (!byId.has(id)) byId.set(id, wsOrderToOpen(u));
  }
  return [...byId.values()].sort((a, b) => b.createdAt - a.createdAt || b.orderId - a.orderId);
}
