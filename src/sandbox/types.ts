/**
 * Record types shared inside the sandbox (REST side, WebSocket side, market simulation).
 * Wire values (prices, quantities, amounts) are decimal strings; timestamps are ms numbers.
 */
import type { Permission } from '../core/permissions.js';
import type * as wire from '../core/schemas/index.js';
import type { WireRecord } from '../core/schemas/index.js';

// The wire's enums and the records the sandbox writes exactly as the core schemas describe them.
export type Side = wire.Side;
export type OrderType = wire.OrderType;
export type TimeInForce = wire.TimeInForce;
export type OrderStatus = wire.OrderStatus;

export interface TickRange {
  priceGte: string;
  tickSize: string;
}

/** One trading pair with everything the sandbox needs to trade it. */
export interface MarketInfo {
  symbol: string;
  baseCurrency: string;
  quoteCurrency: string;
  status: 'launched' | 'stopped';
  minOrderValue?: string;
  maxOrderValue?: string;
  tickSizePolicy: TickRange[];
  orderbookLevels: string[];
  makerFeeRate: string;
  takerFeeRate: string;
  /** Decimal places allowed for a quantity (<= 8). */
  qtyDecimals: number;
  /** Reference ("fair") price the simulated market quotes around; moved by the admin API. */
  referencePrice: string;
  listedAt: number;
}

/** Order as GET /v2/orders returns it (spec 2.8), plus its owner. */
export interface OrderRecord {
  orderId: number;
  clientOrderId?: string;
  symbol: string;
  orderType: OrderType;
  side: Side;
  timeInForce: TimeInForce;
  price?: string;
  qty?: string;
  amt?: string;
  filledQty: string;
  filledAmt: string;
  avgPrice?: string;
  createdAt: number;
  lastFilledAt?: number;
  closedAt?: number;
  status: OrderStatus;
  userId: number;
  accountSeq: number;
}

/** Public trade (spec 2.4). */
export type PublicTrade = WireRecord<wire.Trade>;
/** Own trade (GET /v2/myTrades). */
export type MyTrade = WireRecord<wire.MyTrade>;
export type Candle = WireRecord<wire.Candle>;
export type Ticker = WireRecord<wire.Ticker>;

export interface BookLevel {
  price: string;
  qty: string;
  amt?: string;
}

export interface Orderbook {
  timestamp: number;
  bids: BookLevel[];
  asks: BookLevel[];
}

/** Balance record (GET /v2/balance); balance = available + tradeInUse + withdrawalInUse. */
export interface BalanceRecord {
  currency: string;
  balance: string;
  available: string;
  tradeInUse: string;
  withdrawalInUse: string;
  avgPrice: string;
  updatedAt: number;
}

/** Prevented self-trade (shape designed in docs/api-decisions.md "Record shapes"). */
export interface PreventedMatch {
  symbol: string;
  preventedMatchId: number;
  takerOrderId: number;
  makerOrderId: number;
  takerClientOrderId?: string;
  makerClientOrderId?: string;
  takerSide: Side;
  price: string;
  qty: string;
  createdAt: number;
  /** The taker's account. */
  accountSeq: number;
}

export type { Permission };

/** Stored API key (the ED25519 private key is never stored; the HMAC secret must be). */
export interface ApiKeyRecord {
  apiKey: string;
  userId: number;
  type: 'hmac-sha256' | 'ed25519';
  secret?: string;
  publicKeyPem?: string;
  permissions: Permission[];
  whitelist: string[];
  expiration: number;
  status: 'activated' | 'deactivated';
  label: string;
  allowedAccountSeqs: number[];
  createdAt: number;
}

/** Error as a value: HTTP status + symbolic code (same shape as core ApiErrorInfo). */
export interface SbxError {
  status: number;
  code: string;
  description?: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: SbxError };
