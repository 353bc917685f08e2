// One display rule per currency and context, so every panel shows the same figure the same way:
// KRW in whole won, coins with 8 decimals (the exchange's quantity precision), and truncation,
// never rounding up, for anything a user can spend (a shown balance must be fully spendable).
import type { Dec } from './decimal.js';
import { formatNumber } from './format.js';
import { QTY_DECIMALS } from './orderRules.js';
import { priceDecimals, type TickRange } from './tick.js';

/** Decimals shown for an amount of `currency`: 0 for KRW (the exchange books won whole), 8 otherwise. */
export function currencyDp(currency: string): number {
  return currency.toLowerCase() === 'krw' ? 0 : QTY_DECIMALS;
}

/**
 * A balance or any amount the user can spend: truncated to the currency's decimals so the figure is
 * never more than what is really there (99,884,097.64749 KRW shows 99,884,097).
 */
export function formatSpendable(value: Dec | null | undefined, currency: string): string {
  return formatNumber(value, { dp: currencyDp(currency), rounding: 'down' });
}

/** An amount that is a value, not spendable (an order total, a valuation): rounded half up. */
export function formatAmount(value: Dec | null | undefined, currency: string): string {
  return formatNumber(value, { dp: currencyDp(currency) });
}

/** A fee estimate: rounded up, so what is charged is never more than what was shown. */
export function formatFee(value: Dec | null | undefined, currency: string): string {
  const dp = currency.toLowerCase() === 'krw' ? 2 : QTY_DECIMALS;
  return formatNumber(value, { dp, rounding: 'up' });
}

/**
 * A derived price (average fill price) in the pair's own price precision: whole won where the exchange
 * prices in won (BTC/KRW), the tick's decimals where it does not (DOGE/KRW at 0.1). Without a policy
 * the value is shown as received.
 */
export function formatDerivedPrice(value: Dec | null | undefined, policy: readonly TickRange[]): string {
  if (!value || policy.length === 0) return formatNumber(value);
  return formatNumber(value, { dp: priceDecimals(policy, value) });
}
