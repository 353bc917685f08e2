/** WebSocket request, acknowledgement and frame shapes (api-facts "WebSocket"; contracts section 3). */
import { z } from 'zod';
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

export const PUBLIC_CHANNELS = ['ticker', 'orderbook', 'trade'] as const;
export const PRIVATE_CHANNELS = ['myOrder', 'myTrade', 'myAsset'] as const;
export const WS_CHANNELS = [...PUBLIC_CHANNELS, ...PRIVATE_CHANNELS] as const;

export const publicChannelSchema = z.enum(PUBLIC_CHANNELS, {
  error: 'expected a public channel ("ticker", "orderbook" or "trade")',
});
export const privateChannelSchema = z.enum(PRIVATE_CHANNELS, {
  error: 'expected a private channel ("myOrder", "myTrade" or "myAsset")',
});
export const wsChannelSchema = z.enum(WS_CHANNELS, {
  error: `expected a channel (${WS_CHANNELS.join(', ')})`,
});

const requestIdSchema = z.number({ error: 'expected a numeric requestId' }).int();

/** One element of a request array: `{requestId?, method, type, symbols?, level?, accountSeqs?}`. */
export const wsRequestItemSchema = z
  .object({
    requestId: requestIdSchema.optional(),
    method: z.enum(['subscribe', 'unsubscribe'], { error: 'expected "subscribe" or "unsubscribe"' }),
    type: wsChannelSchema,
    symbols: z.array(symbolSchema).optional(),
    /** Grouping level for a grouped orderbook (one of the pair's orderbookLevels). */
    level: z.string().optional(),
    /** Private channels only: the accounts to stream; frames then carry accountSeq. */
    accountSeqs: z.array(accountSeqSchema).optional(),
  })
  .loose();

/** What a client sends: a JSON array of request items (a bare object is answered invalid_format). */
export const wsRequestSchema = z
  .array(wsRequestItemSchema)
  .min(1, { error: 'expected at least one request' });

/** `{status:'success', requestId}`; sent only when the request carried a requestId. */
export const wsAckSchema = z.object({ status: z.literal('success'), requestId: requestIdSchema }).loose();

/** `{status:'fail', code?, message, requestId?}`. */
export const wsFailSchema = z
  .object({
    status: z.literal('fail'),
    code: z.string().optional(),
    message: z.string(),
    requestId: requestIdSchema.nullish(),
  })
  .loose();

/** Either answer to a request. */
export const wsResponseSchema = z.discriminatedUnion('status', [wsAckSchema, wsFailSchema]);

const publicFrameBase = {
  timestamp: timestampSchema,
  symbol: symbolSchema,
  /** true on the first frame after subscribing (and after a proxy `resumed`); omitted later. */
  snapshot: z.boolean().optional(),
};

export const tickerFrameSchema = z
  .object({ type: z.literal('ticker'), ...publicFrameBase, data: tickerSchema })
  .loose();
/** Each orderbook frame is a full replacement of the top levels (up to 30 a side). */
export const orderbookFrameSchema = z
  .object({ type: z.literal('orderbook'), ...publicFrameBase, data: orderbookSchema })
  .loose();
export const tradeFrameSchema = z
  .object({ type: z.literal('trade'), ...publicFrameBase, data: z.array(tradeSchema) })
  .loose();

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
export const wsOrderSchema = z
  .object({
    orderId: idSchema,
    clientOrderId: z.string().nullish(),
    symbol: symbolSchema.optional(),
    orderType: orderTypeSchema.optional(),
    side: sideSchema,
    timeInForce: timeInForceSchema.optional(),
    price: unsignedDecimalSchema.nullish(),
    qty: unsignedDecimalSchema.nullish(),
    amt: unsignedDecimalSchema.nullish(),
    filledQty: unsignedDecimalSchema.nullish(),
    filledAmt: unsignedDecimalSchema.nullish(),
    avgPrice: unsignedDecimalSchema.nullish(),
    createdAt: timestampSchema.nullish(),
    lastFilledAt: timestampSchema.nullish(),
    closedAt: timestampSchema.nullish(),
    status: wsOrderStatusSchema,
  })
  .loose();

/** Fill row on the myTrade channel; the pair is the frame's top-level `symbol` (rows may omit it). */
export const wsTradeSchema = z
  .object({
    tradeId: idSchema,
    orderId: idSchema,
    symbol: symbolSchema.optional(),
    side: sideSchema,
    price: unsignedDecimalSchema,
    qty: unsignedDecimalSchema,
    amt: unsignedDecimalSchema.optional(),
    fee: decimalSchema,
    feeCurrency: currencyCodeSchema,
    filledAt: timestampSchema,
    isTaker: z.boolean(),
  })
  .loose();

/** Balance change on the myAsset channel: a partial delta, only `currency` is always present. */
export const wsAssetSchema = z
  .object({
    currency: currencyCodeSchema,
    balance: unsignedDecimalSchema.optional(),
    available: unsignedDecimalSchema.optional(),
    tradeInUse: unsignedDecimalSchema.optional(),
    withdrawalInUse: unsignedDecimalSchema.optional(),
    avgPrice: unsignedDecimalSchema.nullish(),
    updatedAt: timestampSchema.optional(),
  })
  .loose();

const privateFrameBase = {
  /** Frame time (ms); not always sent. */
  timestamp: timestampSchema.optional(),
};

/**
 * Live private frames (korbit-cli internal/stream, frameEnvelope + state.go):
 * `{"symbol":"btc_krw","timestamp":...,"channelType":"myOrder","order":{"accountSeq"?,"orders":[...]}}`,
 * the same with `trade: {accountSeq?, trades}` for myTrade, and `asset: {accountSeq?, assets}` (no
 * symbol) for myAsset. `accountSeq` is present only when the subscription named accountSeqs.
 * These schemas are strict per row; the dashboard reads frames through readPrivateFrame
 * (privateFrames.ts), which keeps the good rows of a frame with one odd row.
 */
export const myOrderFrameSchema = z
  .object({
    channelType: z.literal('myOrder'),
    symbol: symbolSchema.optional(),
    ...privateFrameBase,
    order: z.object({ accountSeq: accountSeqSchema.optional(), orders: z.array(wsOrderSchema) }).loose(),
  })
  .loose();
export const myTradeFrameSchema = z
  .object({
    channelType: z.literal('myTrade'),
    symbol: symbolSchema.optional(),
    ...privateFrameBase,
    trade: z.object({ accountSeq: accountSeqSchema.optional(), trades: z.array(wsTradeSchema) }).loose(),
  })
  .loose();
export const myAssetFrameSchema = z
  .object({
    channelType: z.literal('myAsset'),
    ...privateFrameBase,
    asset: z.object({ accountSeq: accountSeqSchema.optional(), assets: z.array(wsAssetSchema) }).loose(),
  })
  .loose();

/** Private data frame, discriminated on `channelType`. No snapshots; lossless while connected. */
export const privateFrameSchema = z.discriminatedUnion('channelType', [
  myOrderFrameSchema,
  myTradeFrameSchema,
  myAssetFrameSchema,
]);

/** Control frame the proxy adds to a relayed stream. */
export const proxyControlFrameSchema = z
  .object({
    type: z.literal('proxy'),
    event: z.enum(['interrupted', 'resumed', 'error'], {
      error: 'expected "interrupted", "resumed" or "error"',
    }),
    reason: z.string().optional(),
  })
  .loose();

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
