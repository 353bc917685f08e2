/** Order records (spec 2.8 to 2.10, 3.1) and trading records from api-facts.md. */
import { z } from 'zod/mini';
import {
  accountSeqSchema,
  currencyCodeSchema,
  decimalSchema,
  idSchema,
  symbolSchema,
  timestampSchema,
  unsignedDecimalSchema,
} from './common.js';
import { openEnum } from './tolerant.js';

export const ORDER_STATUSES = [
  'pending',
  'open',
  'partiallyFilled',
  'filled',
  'canceled',
  'partiallyFilledCanceled',
  'expired',
] as const;
export const ORDER_TYPES = ['limit', 'market', 'best'] as const;
export const ORDER_SIDES = ['buy', 'sell'] as const;
export const TIME_IN_FORCE = ['gtc', 'ioc', 'fok', 'po'] as const;

/**
 * Order status (spec 3.1). Open: a status a newer server adds is kept as received (and, like the
 * vendor's client, anything outside the open set pending/open/partiallyFilled counts as closed).
 */
export const orderStatusSchema = openEnum(ORDER_STATUSES, 'an order status');
/** Order status on the myOrder WebSocket channel: `unfilled` where REST says `open`. */
export const wsOrderStatusSchema = openEnum([...ORDER_STATUSES, 'unfilled'], 'an order status');
/** Order type; open like the statuses (an unknown type is shown as received). */
export const orderTypeSchema = openEnum(ORDER_TYPES, 'an order type');
export const sideSchema = z.enum(ORDER_SIDES, { error: 'expected "buy" or "sell"' });
export const timeInForceSchema = openEnum(TIME_IN_FORCE, 'a time in force');
/** Strict forms for what the client sends (request validation), not for what it reads. */
export const orderTypeRequestSchema = z.enum(ORDER_TYPES, { error: 'expected "limit", "market" or "best"' });
export const timeInForceRequestSchema = z.enum(TIME_IN_FORCE, {
  error: 'expected "gtc", "ioc", "fok" or "po"',
});

const clientOrderIdSchema = z.string({ error: 'expected a client order id (string)' });

/** Fields shared by Order, the all-orders element and the open-order element after the header. */
const orderBodyShape = {
  price: z.nullish(unsignedDecimalSchema),
  qty: z.nullish(unsignedDecimalSchema),
  amt: z.nullish(unsignedDecimalSchema),
  filledQty: unsignedDecimalSchema,
  filledAmt: unsignedDecimalSchema,
  avgPrice: z.nullish(unsignedDecimalSchema),
  createdAt: timestampSchema,
  lastFilledAt: z.nullish(timestampSchema),
  status: orderStatusSchema,
};

/** GET /v2/orders (spec 2.8). */
export const orderSchema = z.looseObject({
  orderId: idSchema,
  clientOrderId: z.nullish(clientOrderIdSchema),
  symbol: symbolSchema,
  orderType: orderTypeSchema,
  side: sideSchema,
  timeInForce: timeInForceSchema,
  ...orderBodyShape,
  closedAt: z.nullish(timestampSchema),
  triggeredAt: z.nullish(timestampSchema),
});

/** Element of GET /v2/openOrders (spec 2.9): no symbol, timeInForce, closedAt, triggeredAt. */
export const openOrderSchema = z.looseObject({
  orderId: idSchema,
  clientOrderId: z.nullish(clientOrderIdSchema),
  orderType: orderTypeSchema,
  side: sideSchema,
  ...orderBodyShape,
});

/**
 * Element of GET /v2/allOrders (spec 2.10). The fields after timeInForce are not published;
 * designed as the same fields as Order (see docs/api-decisions.md "Record shapes (designed)").
 */
export const allOrderSchema = orderSchema;

/** Element of GET /v2/myTrades (api-facts). */
export const myTradeSchema = z.looseObject({
  symbol: symbolSchema,
  tradeId: idSchema,
  orderId: idSchema,
  side: sideSchema,
  price: unsignedDecimalSchema,
  qty: unsignedDecimalSchema,
  amt: unsignedDecimalSchema,
  tradedAt: timestampSchema,
  isTaker: z.boolean({ error: 'expected true or false' }),
  feeCurrency: currencyCodeSchema,
  /** Signed: a negative maker fee rate (rebate) gives a negative fee. */
  feeQty: decimalSchema,
});

/**
 * Element of GET /v2/myPreventedMatches (DESIGNED: unpublished). A match between two orders of the
 * same user that self-trade prevention refused: the taker's remaining quantity at that price was
 * canceled instead of trading against the user's own resting (maker) order.
 */
export const preventedMatchSchema = z.looseObject({
  symbol: symbolSchema,
  preventedMatchId: idSchema,
  takerOrderId: idSchema,
  makerOrderId: idSchema,
  takerClientOrderId: z.nullish(clientOrderIdSchema),
  makerClientOrderId: z.nullish(clientOrderIdSchema),
  takerSide: sideSchema,
  price: unsignedDecimalSchema,
  qty: unsignedDecimalSchema,
  createdAt: timestampSchema,
  accountSeq: accountSeqSchema,
});

/** `data` of POST /v2/orders: `{orderId}`; the proxy adds the `clientOrderId` it sent. */
export const placeOrderResponseSchema = z.looseObject({
  orderId: idSchema,
  clientOrderId: z.nullish(clientOrderIdSchema),
});
