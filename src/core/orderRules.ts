// Order rules shared by the order form and the sandbox, so the two can never disagree.
import { type Dec, decimalPlaces, gt, lt, mul, parseDecimal } from './decimal.js';
import type { ApiErrorInfo } from './errors.js';
import { isOnTick, type TickRange } from './tick.js';

export type Side = 'buy' | 'sell';
export type OrderType = 'limit' | 'market' | 'best';
export type TimeInForce = 'gtc' | 'ioc' | 'fok' | 'po';

export const SIDES: readonly Side[] = ['buy', 'sell'];
export const ORDER_TYPES: readonly OrderType[] = ['limit', 'market', 'best'];
export const TIME_IN_FORCES: readonly TimeInForce[] = ['gtc', 'ioc', 'fok', 'po'];
/** Quantities are accepted with at most this many decimals. */
export const QTY_DECIMALS = 8;

import { CLIENT_ORDER_ID_RE } from './clientOrderId.js';

export interface PairBounds {
  minOrderValue?: string | null;
  maxOrderValue?: string | null;
}

export interface OrderValueInput {
  orderType: OrderType;
  side: Side;
  price?: string | null;
  qty?: string | null;
  amt?: string | null;
}

/**
 * The value of an order in the quote currency: qty x price for a limit order, amt for a market
 * or best buy. For a market or best sell the price is not known in advance; pass the reference
 * price (best bid) to estimate it, or get null.
 */
export function orderValue(o: OrderValueInput, referencePrice?: string | null): Dec | null {
  if (o.side === 'buy' && (o.orderType === 'market' || o.orderType === 'best')) return o.amt ?? null;
  if (o.orderType === 'limit') return o.price && o.qty ? mul(o.price, o.qty) : null;
  return o.qty && referencePrice ? mul(o.qty, referencePrice) : null;
}

export interface OrderValueError extends ApiErrorInfo {
  code: 'ORDER_VALUE_TOO_SMALL' | 'ORDER_VALUE_TOO_LARGE';
  bound: string;
}

/** Checks a value against the pair's bounds. A bound the pair does not publish is skipped. */
export function orderValueError(pair: PairBounds, value: Dec): OrderValueError | null {
  if (pair.minOrderValue != null && lt(value, pair.minOrderValue)) {
    return {
      status: 400,
      code: 'ORDER_VALUE_TOO_SMALL',
      bound: pair.minOrderValue,
      description: `Order value ${value} is below the minimum ${pair.minOrderValue}.`,
    };
  }
  if (pair.maxOrderValue != null && gt(value, pair.maxOrderValue)) {
    return {
      status: 400,
      code: 'ORDER_VALUE_TOO_LARGE',
      bound: pair.maxOrderValue,
      description: `Order value ${value} is above the maximum ${pair.maxOrderValue}.`,
    };
  }
  return null;
}

/** Raw order parameters as received (strings), before any defaulting. */
export interface OrderParamsInput {
  symbol?: string;
  side?: string;
  orderType?: string;
  price?: string;
  qty?: string;
  amt?: string;
  timeInForce?: string;
  bestNth?: string;
  pp?: string;
  ppPercent?: string;
  clientOrderId?: string;
}

export interface ValidOrder {
  side: Side;
  orderType: OrderType;
  timeInForce: TimeInForce;
  price?: string;
  qty?: string;
  amt?: string;
  bestNth?: number;
  pp: boolean;
  ppPercent: number;
  clientOrderId?: string;
}

const bad = (description: string): ApiErrorInfo => ({ status: 400, code: 'BAD_REQUEST', description });

function positive(name: string, v: string | undefined): { value?: string; error?: ApiErrorInfo } {
  if (v === undefined) return {};
  const r = parseDecimal(v, { allowZero: false });
  if (!r.ok) return { error: bad(`${name} ${r.reason}.`) };
  return { value: r.value };
}

function smallInt(name: string, v: string, lo: number, hi: number): { value?: number; error?: ApiErrorInfo } {
  if (!/^\d{1,3}$/.test(v)) return { error: bad(`${name} must be an integer from ${lo} to ${hi}.`) };
  const n = Number(v);
  if (n < lo || n > hi) return { error: bad(`${name} must be an integer from ${lo} to ${hi}.`) };
  return { value: n };
}

/**
 * Validates and normalises order parameters: required and forbidden fields per type and side,
 * timeInForce rules (limit: any, default gtc; market: ioc only; best: required), bestNth 1-5,
 * pp / ppPercent 1-100 (default 5), clientOrderId format, quantity precision, tick size and the
 * order value bounds. The pair's trading status and balances are the server's business.
 */
export function validateOrderParams(
  p: OrderParamsInput,
  pair: PairBounds,
  policy: readonly TickRange[],
  referencePrice?: string | null,
): { ok: true; order: ValidOrder } | { ok: false; error: ApiErrorInfo } {
  const fail = (error: ApiErrorInfo) => ({ ok: false as const, error });
  if (p.side !== 'buy' && p.side !== 'sell') return fail(bad('side must be buy or sell.'));
  if (p.orderType !== 'limit' && p.orderType !== 'market' && p.orderType !== 'best') {
    return fail(bad('orderType must be limit, market or best.'));
  }
  const side = p.side;
  const orderType = p.orderType;
  const price = positive('price', p.price);
  const qty = positive('qty', p.qty);
  const amt = positive('amt', p.amt);
  for (const r of [price, qty, amt]) if (r.error) return fail(r.error);
  const byAmount = side === 'buy' && orderType !== 'limit';

  if (orderType === 'limit') {
    if (!price.value || !qty.value) return fail(bad('A limit order needs price and qty.'));
    if (amt.value) return fail(bad('A limit order takes qty, not amt.'));
  } else {
    if (price.value) return fail(bad(`A ${orderType} order takes no price.`));
    if (byAmount && !amt.value) return fail(bad(`A ${orderType} buy needs amt (quote currency).`));
    if (byAmount && qty.value) return fail(bad(`A ${orderType} buy takes amt, not qty.`));
    if (!byAmount && !qty.value) return fail(bad(`A ${orderType} sell needs qty.`));
    if (!byAmount && amt.value) return fail(bad(`A ${orderType} sell takes qty, not amt.`));
  }

  let timeInForce: TimeInForce;
  if (p.timeInForce === undefined) {
    if (orderType === 'best') return fail(bad('A best order needs timeInForce.'));
    timeInForce = orderType === 'market' ? 'ioc' : 'gtc';
  } else if (!(TIME_IN_FORCES as readonly string[]).includes(p.timeInForce)) {
    return fail(bad('timeInForce must be gtc, ioc, fok or po.'));
  } else {
    timeInForce = p.timeInForce as TimeInForce;
  }
  if (orderType === 'market' && timeInForce !== 'ioc')
    return fail(bad('A market order allows only timeInForce ioc.'));

  let bestNth: number | undefined;
  if (p.bestNth !== undefined) {
    if (orderType !== 'best') return fail(bad('bestNth applies to best orders only.'));
    const r = smallInt('bestNth', p.bestNth, 1, 5);
    if (r.error) return fail(r.error);
    bestNth = r.value;
  } else if (orderType === 'best') {
    bestNth = 1;
  }

  let pp = false;
  if (p.pp !== undefined) {
    if (p.pp !== 'true' && p.pp !== 'false') return fail(bad('pp must be true or false.'));
    pp = p.pp === 'true';
  }
  let ppPercent = 5;
  if (p.ppPercent !== undefined) {
    const r = smallInt('ppPercent', p.ppPercent, 1, 100);
    if (r.error) return fail(r.error);
    ppPercent = r.value!;
  }

  if (p.clientOrderId !== undefined && !CLIENT_ORDER_ID_RE.test(p.clientOrderId)) {
    return fail(bad('clientOrderId must be 1-36 characters of 0-9 a-z A-Z . : _ -'));
  }
  if (qty.value && decimalPlaces(qty.value) > QTY_DECIMALS) {
    return fail(bad(`qty may have at most ${QTY_DECIMALS} decimals.`));
  }
  if (price.value && !isOnTick(policy, price.value)) {
    return fail({
      status: 400,
      code: 'PRICE_TICK_SIZE_INVALID',
      description: `Price ${price.value} is not on the tick size.`,
    });
  }

  const order: ValidOrder = { side, orderType, timeInForce, pp, ppPercent };
  if (price.value) order.price = price.value;
  if (qty.value) order.qty = qty.value;
  if (amt.value) order.amt = amt.value;
  if (bestNth !== undefined) order.bestNth = bestNth;
  if (p.clientOrderId !== undefined) order.clientOrderId = p.clientOrderId;

  const value = orderValue(order, referencePrice);
  if (value !== null) {
    const err = orderValueError(pair, value);
    if (err) return fail(err);
  }
  return { ok: true, order };
}
