/** Public quotation records (spec 2.2 to 2.7). */
import { z } from 'zod';
import { decimalSchema, idSchema, symbolSchema, timestampSchema, unsignedDecimalSchema } from './common.js';
import { openEnum } from './tolerant.js';

/** Element of GET /v2/tickers (spec 2.2); also the `data` of a ticker WebSocket frame. */
export const tickerSchema = z
  .object({
    symbol: symbolSchema,
    open: unsignedDecimalSchema,
    high: unsignedDecimalSchema,
    low: unsignedDecimalSchema,
    close: unsignedDecimalSchema,
    prevClose: unsignedDecimalSchema,
    priceChange: decimalSchema,
    priceChangePercent: decimalSchema,
    volume: unsignedDecimalSchema,
    quoteVolume: unsignedDecimalSchema,
    bestBidPrice: unsignedDecimalSchema,
    bestAskPrice: unsignedDecimalSchema,
    lastTradedAt: timestampSchema,
  })
  .loose();

/** Order book level (spec 2.3). `amt` is set only when grouping (level) is used. */
export const levelSchema = z
  .object({
    price: unsignedDecimalSchema,
    qty: unsignedDecimalSchema,
    amt: unsignedDecimalSchema.nullish(),
  })
  .loose();

/** GET /v2/orderbook (spec 2.3); also the `data` of an orderbook WebSocket frame. */
export const orderbookSchema = z
  .object({
    timestamp: timestampSchema,
    bids: z.array(levelSchema),
    asks: z.array(levelSchema),
  })
  .loose();

/** Element of GET /v2/trades (spec 2.4). */
export const tradeSchema = z
  .object({
    timestamp: timestampSchema,
    price: unsignedDecimalSchema,
    qty: unsignedDecimalSchema,
    isBuyerTaker: z.boolean({ error: 'expected true or false' }),
    tradeId: idSchema,
  })
  .loose();

/** Element of GET /v2/candles (spec 2.5). `timestamp` is the candle start. */
export const candleSchema = z
  .object({
    timestamp: timestampSchema,
    open: unsignedDecimalSchema,
    high: unsignedDecimalSchema,
    low: unsignedDecimalSchema,
    close: unsignedDecimalSchema,
    volume: unsignedDecimalSchema,
  })
  .loose();

/** Pair status; open (an unknown status is kept as received and treated as not tradable). */
export const pairStatusSchema = openEnum(['launched', 'stopped'], 'a pair status');

/** Element of GET /v2/currencyPairs (spec 2.6). An omitted bound means "the server decides". */
export const currencyPairSchema = z
  .object({
    symbol: symbolSchema,
    status: pairStatusSchema,
    baseCurrency: z.string().min(1),
    quoteCurrency: z.string().min(1),
    minOrderValue: unsignedDecimalSchema.nullish(),
    maxOrderValue: unsignedDecimalSchema.nullish(),
  })
  .loose();

/** One price range of a tick-size policy: `priceGte` is the inclusive lower bound. */
export const tickRangeSchema = z
  .object({
    priceGte: unsignedDecimalSchema,
    tickSize: unsignedDecimalSchema,
  })
  .loose();

/** Element of GET /v2/tickSizePolicy (spec 2.7). */
export const tickSizePolicySchema = z
  .object({
    symbol: symbolSchema,
    tickSizePolicy: z.array(tickRangeSchema),
    orderbookLevels: z.array(z.string()),
  })
  .loose();
