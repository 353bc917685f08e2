// Record types inferred from the core's zod schemas (one place for the dashboard to import them from).
import type { z } from 'zod';
import type { accountSchema, feePolicySchema, keyInfoSchema } from '../../core/schemas/account.js';
import type { balanceSchema } from '../../core/schemas/assets.js';
import type {
  candleSchema,
  currencyPairSchema,
  levelSchema,
  orderbookSchema,
  tickerSchema,
  tickSizePolicySchema,
  tradeSchema,
} from '../../core/schemas/market.js';
import type {
  allOrderSchema,
  myTradeSchema,
  openOrderSchema,
  orderSchema,
  preventedMatchSchema,
} from '../../core/schemas/orders.js';

export type Ticker = z.infer<typeof tickerSchema>;
export type Level = z.infer<typeof levelSchema>;
export type Orderbook = z.infer<typeof orderbookSchema>;
export type Trade = z.infer<typeof tradeSchema>;
export type Candle = z.infer<typeof candleSchema>;
export type CurrencyPair = z.infer<typeof currencyPairSchema>;
export type TickSizePolicy = z.infer<typeof tickSizePolicySchema>;
export type Order = z.infer<typeof orderSchema>;
export type OpenOrder = z.infer<typeof openOrderSchema>;
export type AllOrder = z.infer<typeof allOrderSchema>;
export type MyTrade = z.infer<typeof myTradeSchema>;
export type PreventedMatch = z.infer<typeof preventedMatchSchema>;
export type Balance = z.infer<typeof balanceSchema>;
export type KeyInfo = z.infer<typeof keyInfoSchema>;
export type Account = z.infer<typeof accountSchema>;
export type FeePolicy = z.infer<typeof feePolicySchema>;
export type Side = 'buy' | 'sell';
export type OrderType = 'limit' | 'market' | 'best';
export type TimeInForce = 'gtc' | 'ioc' | 'fok' | 'po';
