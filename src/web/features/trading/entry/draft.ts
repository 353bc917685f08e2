// Turns the order ticket into API parameters and checks them with the core's rules before anything is sent.
import { div, gt, isPositive, mul, sub } from '../../../../core/decimal.js';
import type { ApiErrorInfo } from '../../../../core/errors.js';
import {
  type OrderParamsInput,
  orderValue,
  orderValueError,
  validateOrderParams,
} from '../../../../core/orderRules.js';
import type { TickRange } from '../../../../core/tick.js';
import type { OrderForm } from '../../../lib/orders/orderFormStore.js';
import type { CurrencyPair } from '../../../lib/types.js';

export type FormValues = Pick<
  OrderForm,
  'side' | 'orderType' | 'price' | 'qty' | 'amt' | 'timeInForce' | 'bestNth' | 'pp' | 'ppPercent'
>;

export function buildParams(f: FormValues): OrderParamsInput {
  const p: OrderParamsInput = { side: f.side, orderType: f.orderType };
  const byAmount = f.side === 'buy' && f.orderType !== 'limit';
  if (f.orderType === 'limit' && f.price) p.price = f.price;
  if (byAmount) {
    if (f.amt) p.amt = f.amt;
  } else if (f.qty) p.qty = f.qty;
  p.timeInForce = f.orderType === 'market' ? 'ioc' : f.timeInForce;
  if (f.orderType === 'best') p.bestNth = f.bestNth || '1';
  if (f.pp) {
    p.pp = 'true';
    if (f.ppPercent) p.ppPercent = f.ppPercent;
  }
  return p;
}

export interface DraftCheck {
  params: OrderParamsInput;
  /** Order value in the quote currency (estimated with the best bid for market/best sells). */
  value: string | null;
  /** Value bound problem, shown live as the user types. */
  valueError: ApiErrorInfo | null;
  /** First rule violation (required fields, tick, precision, bounds), or null when sendable. */
  error: ApiErrorInfo | null;
  /** Incomplete (nothing typed yet): don't shout about it. */
  incomplete: boolean;
  /** Limit price more than 10% away from the last price. */
  farFromLast: boolean;
}

export function checkDraft(
  f: FormValues,
  pair: CurrencyPair | undefined,
  ranges: readonly TickRange[],
  /** farPct: how far from the last price (%) is "far" (default 10; not a positive number: never). */
  refs: { bestBid?: string; last?: string; farPct?: string },
): DraftCheck {
  const params = buildParams(f);
  const byAmount = f.side === 'buy' && f.orderType !== 'limit';
  const incomplete = byAmount ? !f.amt : !f.qty || (f.orderType === 'limit' && !f.price);
  let value: string | null = null;
  try {
    value = orderValue(
      { orderType: f.orderType, side: f.side, price: params.price, qty: params.qty, amt: params.amt },
      refs.bestBid,
    );
  } catch {
    value = null;
  }
  const bounds = { minOrderValue: pair?.minOrderValue, maxOrderValue: pair?.maxOrderValue };
  const valueError = value && isPositive(value) ? orderValueError(bounds, value) : null;
  const v = validateOrderParams(params, bounds, ranges, refs.bestBid);
  let farFromLast = false;
  const farPct = refs.farPct ?? '10';
  if (f.orderType === 'limit' && params.price && refs.last && isPositive(refs.last)) {
    try {
      const dev = div(mul(sub(params.price, refs.last), '100'), refs.last, 4, 'halfUp');
      farFromLast = isPositive(farPct) && gt(dev.replace('-', ''), farPct);
    } catch {
      farFromLast = false;
    }
  }
  return { params, value, valueError, error: v.ok ? null : v.error, incomplete, farFromLast };
}
