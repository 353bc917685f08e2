// Pure order-entry calculators: percent-of-available sizing that respects fees, ticks and precision,
// fee estimates, quote-currency precision.
import { add, type Dec, div, isDecimalString, isPositive, mul, round } from '../../../../core/decimal.js';
import { QTY_DECIMALS } from '../../../../core/orderRules.js';
import type { OrderType, Side } from '../../../lib/types.js';

/** KRW has no decimals on this exchange; other quote currencies use 8. */
export function quoteDecimals(quote: string): number {
  return quote.toLowerCase() === 'krw' ? 0 : 8;
}

export interface PercentInput {
  side: Side;
  orderType: OrderType;
  pct: number;
  /** Available balance: quote currency for a buy, base currency for a sell. */
  available: Dec;
  /** Limit price (buy limit needs it). */
  price?: Dec | null;
  /** Fee rate as a fraction (0.0015). */
  feeRate: Dec;
  /** True when the fee is taken from the currency being spent (quote for a buy, base for a sell). */
  feeFromSpent: boolean;
  quoteDp: number;
}

/**
 * The qty (limit, market/best sell) or amt (market/best buy) that spends `pct` percent of the available
 * balance, leaving room for the fee when it is charged in the spent currency; rounded down so it never
 * exceeds the balance.
 */
export function percentSize(i: PercentInput): { qty?: Dec; amt?: Dec } | null {
  if (!isPositive(i.available) || i.pct <= 0) return null;
  let spend = i.pct >= 100 ? i.available : div(mul(i.available, String(i.pct)), '100', 18, 'down');
  if (i.feeFromSpent && isPositive(i.feeRate)) spend = div(spend, add('1', i.feeRate), 18, 'down');
  if (i.side === 'buy') {
    if (i.orderType === 'limit') {
      const qty = i.price ? qtyForTotal(spend, i.price) : null;
      return qty ? { qty } : null;
    }
    const amt = round(spend, i.quoteDp, 'down');
    return isPositive(amt) ? { amt } : null;
  }
  const qty = round(spend, QTY_DECIMALS, 'down');
  return isPositive(qty) ? { qty } : null;
}

/** Fee estimate in the fee currency: buy fee on received base qty, or on value when charged in quote. */
export function estimateFee(opts: {
  side: Side;
  value: Dec | null;
  qty: Dec | null;
  feeRate: Dec;
  feeCurrency: string;
  baseCurrency: string;
  quoteDp: number;
}): { amount: Dec; currency: string } | null {
  const inBase = opts.feeCurrency.toLowerCase() === opts.baseCurrency.toLowerCase();
  const basis = inBase ? opts.qty : opts.value;
  if (!basis) return null;
  const dp = inBase ? QTY_DECIMALS : Math.max(opts.quoteDp, 2);
  return { amount: round(mul(basis, opts.feeRate), dp, 'up'), currency: opts.feeCurrency };
}

/**
 * The quantity a limit order of `total` (quote currency) at `price` buys or sells, rounded down to the
 * quantity precision so the order never costs more than the total typed; null without a usable price or
 * total, or when the total buys less than one unit of the last decimal.
 */
export function qtyForTotal(total: Dec, price: Dec): Dec | null {
  if (!positiveText(total) || !positiveText(price)) return null;
  const qty = round(div(total, price, 18, 'down'), QTY_DECIMALS, 'down');
  return isPositive(qty) ? qty : null;
}

/** A limit order's total (price x qty) at the quote currency's precision, or null while either is missing. */
export function limitTotal(price: Dec, qty: Dec, quoteDp: number): Dec | null {
  if (!positiveText(price) || !positiveText(qty)) return null;
  return round(mul(price, qty), quoteDp, 'halfUp');
}

/**
 * A positive decimal as a field or a feed holds it: decimal text (core isDecimalString) or the same
 * with the trailing dot of one being typed ("100."); "", ".", exponents and other text are not.
 */
export function positiveText(v: Dec): boolean {
  return isDecimalString(v.endsWith('.') ? v.slice(0, -1) : v) && isPositive(v);
}
