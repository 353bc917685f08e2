/** Every record schema of the API (spec + api-facts + designed shapes) and its inferred type. */
import type { z } from 'zod/mini';
import type {
  accountSchema,
  accountTransferSchema,
  accountTransferStatusSchema,
  alertSchema,
  currencySchema,
  feePolicySchema,
  keyInfoSchema,
  keyTypeSchema,
  marketAlertSchema,
  networkSchema,
  noticeSchema,
  serverTimeSchema,
} from './account.js';
import type {
  balanceSchema,
  coinDepositSchema,
  coinDepositStatusSchema,
  coinWithdrawalSchema,
  coinWithdrawalStatusSchema,
  depositAddressSchema,
  krwDepositSchema,
  krwWithdrawalSchema,
  withdrawableAddressSchema,
  withdrawableAmountSchema,
  withdrawalRequestResponseSchema,
} from './assets.js';
import type { apiErrorBodySchema, errorEnvelopeSchema } from './common.js';
import type {
  candleSchema,
  currencyPairSchema,
  levelSchema,
  orderbookSchema,
  tickerSchema,
  tickRangeSchema,
  tickSizePolicySchema,
  tradeSchema,
} from './market.js';
import type {
  allOrderSchema,
  myTradeSchema,
  ORDER_STATUSES,
  ORDER_TYPES,
  openOrderSchema,
  orderSchema,
  placeOrderResponseSchema,
  preventedMatchSchema,
  sideSchema,
  TIME_IN_FORCE,
} from './orders.js';
import type {
  myAssetFrameSchema,
  myOrderFrameSchema,
  myTradeFrameSchema,
  orderbookFrameSchema,
  privateFrameSchema,
  privateMessageSchema,
  proxyControlFrameSchema,
  publicFrameSchema,
  publicMessageSchema,
  tickerFrameSchema,
  tradeFrameSchema,
  wsAckSchema,
  wsAssetSchema,
  wsChannelSchema,
  wsFailSchema,
  wsOrderSchema,
  wsRequestItemSchema,
  wsRequestSchema,
  wsResponseSchema,
  wsTradeSchema,
} from './ws.js';

export * from './account.js';
export * from './assets.js';
export * from './common.js';
export * from './market.js';
export * from './orders.js';
export * from './parse.js';
export * from './ws.js';

// Envelopes
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
export type SuccessEnvelope<T> = { success: true; data: T };

/**
 * A record as a server writes it: the inferred type without the index signature a loose schema
 * adds for unknown fields (the sandbox writes exactly the known ones).
 */
export type WireRecord<T> = { [K in keyof T as string extends K ? never : K]: T[K] };

// Market
export type Ticker = z.infer<typeof tickerSchema>;
export type Level = z.infer<typeof levelSchema>;
export type Orderbook = z.infer<typeof orderbookSchema>;
export type Trade = z.infer<typeof tradeSchema>;
export type Candle = z.infer<typeof candleSchema>;
export type CurrencyPair = z.infer<typeof currencyPairSchema>;
export type TickRangeRecord = z.infer<typeof tickRangeSchema>;
export type TickSizePolicy = z.infer<typeof tickSizePolicySchema>;

// Orders and trading
// The known values (what the code sends and names); record fields are open (unknown values kept).
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type WsOrderStatus = OrderStatus | 'unfilled';
export type OrderType = (typeof ORDER_TYPES)[number];
export type Side = z.infer<typeof sideSchema>;
export type TimeInForce = (typeof TIME_IN_FORCE)[number];
export type Order = z.infer<typeof orderSchema>;
export type OpenOrder = z.infer<typeof openOrderSchema>;
export type AllOrder = z.infer<typeof allOrderSchema>;
export type MyTrade = z.infer<typeof myTradeSchema>;
export type PreventedMatch = z.infer<typeof preventedMatchSchema>;
export type PlaceOrderResponse = z.infer<typeof placeOrderResponseSchema>;

// Assets
export type Balance = z.infer<typeof balanceSchema>;
export type DepositAddress = z.infer<typeof depositAddressSchema>;
export type WithdrawableAddress = z.infer<typeof withdrawableAddressSchema>;
export type WithdrawableAmount = z.infer<typeof withdrawableAmountSchema>;
export type CoinDepositStatus = z.infer<typeof coinDepositStatusSchema>;
export type CoinWithdrawalStatus = z.infer<typeof coinWithdrawalStatusSchema>;
export type CoinDeposit = z.infer<typeof coinDepositSchema>;
export type CoinWithdrawal = z.infer<typeof coinWithdrawalSchema>;
export type WithdrawalRequestResponse = z.infer<typeof withdrawalRequestResponseSchema>;
export type KrwDeposit = z.infer<typeof krwDepositSchema>;
export type KrwWithdrawal = z.infer<typeof krwWithdrawalSchema>;

// Account and reference data
export type KeyType = z.infer<typeof keyTypeSchema>;
export type KeyInfo = z.infer<typeof keyInfoSchema>;
export type Account = z.infer<typeof accountSchema>;
export type AccountTransferStatus = z.infer<typeof accountTransferStatusSchema>;
export type AccountTransfer = z.infer<typeof accountTransferSchema>;
export type FeePolicy = z.infer<typeof feePolicySchema>;
export type Network = z.infer<typeof networkSchema>;
export type Currency = z.infer<typeof currencySchema>;
export type Notice = z.infer<typeof noticeSchema>;
export type Alert = z.infer<typeof alertSchema>;
export type MarketAlert = z.infer<typeof marketAlertSchema>;
export type ServerTime = z.infer<typeof serverTimeSchema>;

// WebSocket
export type WsChannel = z.infer<typeof wsChannelSchema>;
export type WsRequestItem = z.infer<typeof wsRequestItemSchema>;
export type WsRequest = z.infer<typeof wsRequestSchema>;
export type WsAck = z.infer<typeof wsAckSchema>;
export type WsFail = z.infer<typeof wsFailSchema>;
export type WsResponse = z.infer<typeof wsResponseSchema>;
export type TickerFrame = z.infer<typeof tickerFrameSchema>;
export type OrderbookFrame = z.infer<typeof orderbookFrameSchema>;
export type TradeFrame = z.infer<typeof tradeFrameSchema>;
export type PublicFrame = z.infer<typeof publicFrameSchema>;
export type WsOrder = z.infer<typeof wsOrderSchema>;
export type WsTrade = z.infer<typeof wsTradeSchema>;
export type WsAsset = z.infer<typeof wsAssetSchema>;
export type MyOrderFrame = z.infer<typeof myOrderFrameSchema>;
export type MyTradeFrame = z.infer<typeof myTradeFrameSchema>;
export type MyAssetFrame = z.infer<typeof myAssetFrameSchema>;
export type PrivateFrame = z.infer<typeof privateFrameSchema>;
export type ProxyControlFrame = z.infer<typeof proxyControlFrameSchema>;
export type PublicMessage = z.infer<typeof publicMessageSchema>;
export type PrivateMessage = z.infer<typeof privateMessageSchema>;
export * from './privateFrames.js';
export * from './tolerant.js';
