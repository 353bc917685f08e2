/** WebSocket request, acknowledgement and frame shapes (api-facts "WebSocket"; contracts section 3). */
import { z } from 'zod/mini';
import { PRIVATE_CHANNELS, PUBLIC_CHANNELS, WS_CHANNELS } from '../channels.js';
import {
  accountSeqSchema,
  currencyCodeSchema,
  decimalSchema,
  idSchema,
  symbolSchema,
  timestampSchema,
  unsignedDecimalSchema,
} from './common.js';
import { orderbookSchema, tickerSchema, tradeSchema } from './market.js';
import { orderTypeSchema, sideSchema, timeInForceSchema, wsOrderStatusSchema } from './orders.js';

export { PRIVATE_CHANNELS, PUBLIC_CHANNELS, WS_CHANNELS };

export const publicChannelSchema = z.enum(PUBLIC_CHANNELS, {
  error: 'expected a public channel ("ticker", "orderbook" or "trade")',
});
export const privateChannelSchema = z.enum(PRIVATE_CHANNELS, {
  error: 'expected a private channel ("myOrder", "myTrade" or "myAsset")',
});
export const wsChannelSchema = z.enum(WS_CHANNELS, {
  error: `expected a channel (${WS_CHANNELS.join(', ')})`,
});

const requestIdSchema = z.number({ error: 'expected a numeric requestId' }).check(z.int());

/** One element of a request array: `{requestId?, method, type, symbols?, level?, accountSeqs?}`. */
export const wsRequestItemSchema = z.looseObject({
  requestId: z.optional(requestIdSchema),
  method: z.enum(['subscribe', 'unsubscribe'], { error: 'expected "subscribe" or "unsubscribe"' }),
  type: wsChannelSchema,
  symbols: z.optional(z.array(symbolSchema)),
  /** Grouping level for a grouped orderbook (one of the pair's orderbookLevels). */
  level: z.optional(z.string()),
  /** Private channels only: the accounts to stream; frames then carry accountSeq. */
  accountSeqs: z.optional(z.array(accountSeqSchema)),
});

/** What a client sends: a JSON array of request items (a bare object is answered invalid_format). */
export const wsRequestSchema = z
  .array(wsRequestItemSchema)
  .check(z.minLength(1, { error: 'expected at least one request' }));

/** `{status:'success', requestId}`; sent only when the request carried a requestId. */
export const wsAckSchema = z.looseObject({ status: z.literal('success'), requestId: requestIdSchema });

/** `{status:'fail', code?, message, requestId?}`. */
export const wsFailSchema = z.looseObject({
  status: z.literal('fail'),
  code: z.optional(z.string()),
  message: z.string(),
  requestId: z.nullish(requestIdSchema),
});

/** Either answer to a request. */
export const wsResponseSchema = z.discriminatedUnion('status', [wsAckSchema, wsFailSchema]);

const publicFrameBase = {
  timestamp: timestampSchema,
  symbol: symbolSchema,
  /** true on the first frame after subscribing (and after a proxy `resumed`); omitted later. */
  snapshot: z.optional(z.boolean()),
};

export const tickerFrameSchema = z.looseObject({
  type: z.literal('ticker'),
  ...publicFrameBase,
  data: tickerSchema,
});
/** Each orderbook frame is a full replacement of the top levels (up to 30 a side). */
export const orderbookFrameSchema = z.looseObject({
  type: z.literal('orderbook'),
  ...publicFrameBase,
  data: orderbookSchema,
});
export const tradeFrameSchema = z.looseObject({
  type: z.literal('trade'),
  ...publicFrameBase,
  data: z.array(tradeSchema),
});

/** Public data frame, discriminated on `type`. */
export const publicFrameSchema = z.discriminatedUnion('type', [
  tickerFrameSchema,
  orderbookFrameSchema,
  tradeFrameSchema,
]);

/**
 * Order row on the myOrder channel. Only orderId, side and status are required so an upstream that
 * sends fewer fields still parses. Live rows carry NO symbol: the pair is the frame's top-level
 * `symbol` (korbit-cli internal/stream/state/state.go, orderRow: "symbol: allOrders rows only");
 * `symbol` here is accepted for older senders. status uses `unfilled` where REST says `open`.
 */
export const wsOrderSchema = z.looseObject({
  orderId: idSchema,
  clientOrderId: z.nullish(z.string()),
  symbol: z.optional(symbolSchema),
  orderType: z.optional(orderTypeSchema),
  side: sideSchema,
  timeInForce: z.optional(timeInForceSchema),
  price: z.nullish(unsignedDecimalSchema),
  qty: z.nullish(unsignedDecimalSchema),
  amt: z.nullish(unsignedDecimalSchema),
  filledQty: z.nullish(unsignedDecimalSchema),
  filledAmt: z.nullish(unsignedDecimalSchema),
  avgPrice: z.nullish(unsignedDecimalSchema),
  createdAt: z.nullish(timestampSchema),
  lastFilledAt: z.nullish(timestampSchema),
  closedAt: z.nullish(timestampSchema),
  status: wsOrderStatusSchema,
});

/** Fill row on the myTrade channel; the pair is the frame's top-level `symbol` (rows may omit it). */
export const wsTradeSchema = z.looseObject({
  tradeId: idSchema,
  orderId: idSchema,
  symbol: z.optional(symbolSchema),
  side: sideSchema,
  price: unsignedDecimalSchema,
  qty: unsignedDecimalSchema,
  amt: z.optional(unsignedDecimalSchema),
  fee: decimalSchema,
  feeCurrency: currencyCodeSchema,
  filledAt: timestampSchema,
  isTaker: z.boolean(),
});

/** Balance change on the myAsset channel: a partial delta, only `currency` is always present. */
export const wsAssetSchema = z.looseObject({
  currency: currencyCodeSchema,
  balance: z.optional(unsignedDecimalSchema),
  available: z.optional(unsignedDecimalSchema),
  tradeInUse: z.optional(unsignedDecimalSchema),
  withdrawalInUse: z.optional(unsignedDecimalSchema),
  avgPrice: z.nullish(unsignedDecimalSchema),
  updatedAt: z.optional(timestampSchema),
});

const privateFrameBase = {
  /** Frame time (ms); not always sent. */
  timestamp: z.optional(timestampSchema),
};

/**
 * Live private frames (korbit-cli internal/stream, frameEnvelope + state.go):
 * `{"symbol":"btc_krw","timestamp":...,"channelType":"myOrder","order":{"accountSeq"?,"orders":[...]}}`,
 * the same with `trade: {accountSeq?, trades}` for myTrade, and `asset: {accountSeq?, assets}` (no
 * symbol) for myAsset. `accountSeq` is present only when the subscription named accountSeqs.
 * These schemas are strict per row; the dashboard reads frames through readPrivateFrame
 * (privateFrames.ts), which keeps the good rows of a frame with one odd row.
 */
export const myOrderFrameSchema = z.looseObject({
  channelType: z.literal('myOrder'),
  symbol: z.optional(symbolSchema),
  ...privateFrameBase,
  order: z.looseObject({ accountSeq: z.optional(accountSeqSchema), orders: z.array(wsOrderSchema) }),
});
export const myTradeFrameSchema = z.looseObject({
  channelType: z.literal('myTrade'),
  symbol: z.optional(symbolSchema),
  ...privateFrameBase,
  trade: z.looseObject({ accountSeq: z.optional(accountSeqSchema), trades: z.array(wsTradeSchema) }),
});
export const myAssetFrameSchema = z.looseObject({
  channelType: z.literal('myAsset'),
  ...privateFrameBase,
  asset: z.looseObject({ accountSeq: z.optional(accountSeqSchema), assets: z.array(wsAssetSchema) }),
});

/** Private data frame, discriminated on `channelType`. No snapshots; lossless while connected. */
export const privateFrameSchema = z.discriminatedUnion('channelType', [
  myOrderFrameSchema,
  myTradeFrameSchema,
  myAssetFrameSchema,
]);

/** Control frame the proxy adds to a relayed stream. */
export const proxyControlFrameSchema = z.looseObject({
  type: z.literal('proxy'),
  event: z.enum(['interrupted', 'resumed', 'error'], {
    error: 'expected "interrupted", "resumed" or "error"',
  }),
  reason: z.optional(z.string()),
});

/** Anything a client can receive on the public socket (through the proxy). */
export const publicMessageSchema = z.union([
  publicFrameSchema,
  wsAckSchema,
  wsFailSchema,
  proxyControlFrameSchema,
]);

/** Anything a client can receive on the private socket (through the proxy). */
export const privateMessageSchema = z.union([
  privateFrameSchema,
  wsAckSchema,
  wsFailSchema,
  proxyControlFrameSchema,
]);
