/**
 * Order endpoints (spec 4.2, 4.3) and own trades / prevented matches (4.4 Trading): parameters in,
 * JSON out; every order call goes through the Exchange (exchange/service.ts), the SQL lives in
 * exchange/orderQueries.ts.
 */
import type { OrderParamsInput } from '../../core/orderRules.js';
import { isOpen, openOrderView, publicOrder, withoutCloseTimes } from '../exchange/orderState.js';
import type { OrderRecord } from '../types.js';
import { badRequest, type Call, fail, market, ok, optInt, optStr, ParamError, type Route } from './route.js';

export const WINDOW_36H = 36 * 3_600_000;
const ORDER_FIELDS = [
  'side',
  'orderType',
  'price',
  'qty',
  'amt',
  'timeInForce',
  'bestNth',
  'pp',
  'ppPercent',
  'clientOrderId',
] as const;

function orderRef(c: Call): { orderId?: number; clientOrderId?: string } {
  const orderId = optInt(c.params, 'orderId', 1, Number.MAX_SAFE_INTEGER);
  const clientOrderId = optStr(c.params, 'clientOrderId');
  if ((orderId === undefined) === (clientOrderId === undefined)) {
    throw new ParamError(badRequest('Give exactly one of orderId and clientOrderId.'));
  }
  return orderId !== undefined ? { orderId } : { clientOrderId: clientOrderId! };
}

function place(c: Call) {
  const m = market(c);
  const p: OrderParamsInput = {};
  for (const f of ORDER_FIELDS) {
    const v = c.params.get(f);
    if (v !== undefined) p[f] = v;
  }
  const r = c.sbx.exchange.placeParams(c.userId, c.accountSeq, m.symbol, p);
  return r.ok ? ok({ orderId: r.value.orderId }) : fail(r.error);
}

/** An order row as GET /v2/orders and /v2/allOrders answer it in the sandbox's profile. */
function orderRow(c: Call, o: OrderRecord): Record<string, unknown> {
  const row = publicOrder(o);
  return c.sbx.profile.omitsCloseTimes ? withoutCloseTimes(row) : row;
}

function get(c: Call) {
  const m = market(c);
  const o = c.sbx.exchange.getOrder(c.userId, c.accountSeq, m.symbol, orderRef(c));
  if (!o) return fail({ status: 400, code: 'ORDER_NOT_FOUND', description: 'No such order.' });
  return ok(orderRow(c, o));
}

function cancel(c: Call) {
  const m = market(c);
  const ref = orderRef(c);
  // Profile: a share of first cancels of an open order answer TRY_AGAIN ("being processed, retry
  // shortly"), a definitive 4xx the vendor's client retries with backoff (korbit-cli
  // internal/apiclient/retry.go; its test answers 409). Nothing is changed.
  const o = c.sbx.exchange.getOrder(c.userId, c.accountSeq, m.symbol, ref);
  if (o && isOpen(o) && c.sbx.profile.refusesCancel(o.orderId)) {
    c.sbx.faults.record('tryAgain', 'cancel', `order ${o.orderId} (profile tryAgainCancelShare)`);
    return fail({
      status: 409,
      code: 'TRY_AGAIN',
      description: 'The order is being processed; try again in a moment.',
    });
  }
  const r = c.sbx.exchange.cancelOrder({
    userId: c.userId,
    accountSeq: c.accountSeq,
    symbol: m.symbol,
    ...ref,
  });
  return r.ok ? ok() : fail(r.error);
}

function openOrders(c: Call) {
  const m = market(c);
  const limit = optInt(c.params, 'limit', 1, 1000) ?? 500;
  return ok(c.sbx.exchange.openOrders(c.userId, c.accountSeq, m.symbol, limit).map(openOrderView));
}

/** startTime inclusive, endTime exclusive, clamped to the last 36 hours. */
export function window36h(c: Call): { start: number; end: number; limit: number } {
  const earliest = c.now - WINDOW_36H;
  const startTime = optInt(c.params, 'startTime', 0, 8_640_000_000_000);
  const endTime = optInt(c.params, 'endTime', 0, 8_640_000_000_000);
  const limit = optInt(c.params, 'limit', 1, 1000) ?? 500;
  const start = Math.max(startTime ?? earliest, earliest);
  const end = endTime ?? c.now + 1;
  if (startTime !== undefined && endTime !== undefined && endTime <= startTime) {
    throw new ParamError(badRequest('endTime must be larger than startTime.'));
  }
  return { start, end, limit };
}

/** The caller's account and pair with the request's 36-hour window. */
function accountWindow(c: Call) {
  return { userId: c.userId, accountSeq: c.accountSeq, symbol: market(c).symbol, ...window36h(c) };
}

function allOrders(c: Call) {
  return ok(c.sbx.exchange.ordersCreated(accountWindow(c)).map((o) => orderRow(c, o)));
}

function myTrades(c: Call) {
  const w = accountWindow(c);
  const orderId = optInt(c.params, 'orderId', 1, Number.MAX_SAFE_INTEGER);
  return ok(c.sbx.exchange.fills(w, orderId));
}

function prevented(c: Call) {
  return ok(c.sbx.exchange.preventedMatches(accountWindow(c)));
}

export const orderRoutes: Route[] = [
  { method: 'POST', path: '/v2/orders', params: ['symbol', ...ORDER_FIELDS], handle: place },
  { method: 'GET', path: '/v2/orders', params: ['symbol', 'orderId', 'clientOrderId'], handle: get },
  { method: 'DELETE', path: '/v2/orders', params: ['symbol', 'orderId', 'clientOrderId'], handle: cancel },
  { method: 'GET', path: '/v2/openOrders', params: ['symbol', 'limit'], handle: openOrders },
  {
    method: 'GET',
    path: '/v2/allOrders',
    params: ['symbol', 'startTime', 'endTime', 'limit'],
    handle: allOrders,
  },
  {
    method: 'GET',
    path: '/v2/myTrades',
    params: ['symbol', 'startTime', 'endTime', 'limit', 'orderId'],
    handle: myTrades,
  },
  {
    method: 'GET',
    path: '/v2/myPreventedMatches',
    params: ['symbol', 'startTime', 'endTime', 'limit'],
    handle: prevented,
  },
];
