/** Public quotation records (spec 2.2 to 2.7). */
import { z } from 'zod/mini';
import { decimalSchema, idSchema, symbolSchema, timestampSchema, unsignedDecimalSchema } from './common.js';
import { openEnum } from './tolerant.js';

/** Element of GET /v2/tickers (spec 2.2); also the `data` of a ticker WebSocket frame. */
export const tickerSchema = z.looseObject({
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
});

/** Order book level (spec 2.3). `amt` is set only when grouping (level) is used. */
export const levelSchema = z.looseObject({
  price: unsignedDecimalSchema,
  qty: unsignedDecimalSchema,
  amt: z.nullish(unsignedDecimalSchema),
});

/** GET /v2/orderbook (spec 2.3); also the `data` of an orderbook WebSocket frame. */
export const orderbookSchema = z.looseObject({
  timestamp: timestampSchema,
  bids: z.array(levelSchema),
  asks: z.array(levelSchema),
});

/** Element of GET /v2/trades (spec 2.4). */
export const tradeSchema = z.looseObject({
  timestamp: timestampSchema,
  price: unsignedDecimalSchema,
  qty: unsignedDecimalSchema,
  isBuyerTaker: z.boolean({ error: 'expected true or false' }),
  tradeId: idSchema,
});

/** Element of GET /v2/candles (spec 2.5). `timestamp` is the candle start. */
export const candleSchema = z.looseObject({
  timestamp: timestampSchema,
  open: unsignedDecimalSchema,
  high: unsignedDecimalSchema,
  low: unsignedDecimalSchema,
  close: unsignedDecimalSchema,
  volume: unsignedDecimalSchema,
});

/** Pair status; open (an unknown status is kept as received and treated as not tradable). */
export const pairStatusSchema = openEnum(['launched', 'stopped'], 'a pair status');

/** Element of GET /v2/currencyPairs (spec 2.6). An omitted bound means "the server decides". */
export const currencyPairSchema = z.looseObject({
  symbol: symbolSchema,
  status: pairStatusSchema,
  baseCurrency: z.string().check(z.minLength(1)),
  quoteCurrency: z.string().check(z.minLength(1)),
  minOrderValue: z.nullish(unsignedDecimalSchema),
  maxOrderValue: z.nullish(unsignedDecimalSchema),
});

/** One price range of a tick-size policy: `priceGte` is the inclusive lower bound. */
export const tickRangeSchema = z.looseObject({
  priceGte: unsignedDecimalSchema,
  tickSize: unsignedDecimalSchema,
});

/** Element of GET /v2/tickSizePolicy (spec 2.7). */
export const tickSizePolicySchema = z.looseObject({
  symbol: symbolSchema,
  tickSizePolicy: z.array(tickRangeSchema),
  orderbookLevels: z.array(z.string()),
});
