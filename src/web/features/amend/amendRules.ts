// Checks of an amendment typed in the dialog, with the order form's own rules (tick, value bounds).
import { isDecimalString, sub } from '../../../core/decimal.js';
import { orderValue, validateOrderParams } from '../../../core/orderRules.js';
import { isOnTick, type TickRange } from '../../../core/tick.js';

export interface AmendDraft {
  side: 'buy' | 'sell';
  price: string;
  qty: string;
}

export type AmendCheck =
  | { ok: true; price: string; qty: string; value: string | null }
  | { ok: false; code: string; message: string };

/** The new price and unfilled quantity as the exchange would judge a fresh limit order with them. */
export function checkAmend(
  draft: AmendDraft,
  current: { price: string; remaining: string },
  pair: { minOrderValue?: string | null; maxOrderValue?: string | null },
  policy: readonly TickRange[],
): AmendCheck {
  const price = draft.price.replace(/,/g, '').trim();
  const qty = draft.qty.replace(/,/g, '').trim();
  if (!isDecimalString(price) || !isDecimalString(qty))
    return { ok: false, code: 'BAD_REQUEST', message: 'Price and quantity must be numbers.' };
  if (price === current.price && qty === current.remaining)
    return { ok: false, code: 'NO_CHANGE', message: 'Nothing changed.' };
  if (policy.length && !isOnTick(policy, price))
    return { ok: false, code: 'INVALID_PRICE_TICK', message: 'The price is not on the tick.' };
  const v = validateOrderParams(
    { side: draft.side, orderType: 'limit', price, qty },
    { minOrderValue: pair.minOrderValue ?? undefined, maxOrderValue: pair.maxOrderValue ?? undefined },
    policy,
  );
  if (!v.ok) return { ok: false, code: v.error.code, message: v.error.description ?? v.error.code };
  return { ok: true, price, qty, value: orderValue({ orderType: 'limit', side: draft.side, price, qty }) };
}

export const remainingOf = (qty: string, filled: string) => sub(qty, filled);
