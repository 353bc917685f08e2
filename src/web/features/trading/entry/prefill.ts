// The order ticket's price prefill, kept out of the order-form store so it loads with the ticket's
// chunk, not with the first screen.
import { useOrderForm } from '../../../lib/orders/orderFormStore.js';
import { positiveText } from './orderMath.js';

/**
 * Starts the limit price at the market's last price, as the big local exchanges' tickets do: once per
 * market (per reset), and only into an empty field, so a price typed or clicked before the ticker
 * came, or cleared by hand afterwards, stays as the user left it. `forSeq`: the resetSeq the caller
 * saw with `last`. Returns whether it filled.
 */
export function prefillPrice(last: string | undefined, forSeq?: number): boolean {
  const s = useOrderForm.getState();
  // done for this market (the usual case: the ticket calls this on every ticker change), or a call made
  // for an earlier market (before its reset was seen)
  if (prefilledSeq === s.resetSeq || (forSeq !== undefined && forSeq !== s.resetSeq)) return false;
  // a positive decimal only (a ticker's close always is; anything else is not a price to start at)
  if (last === undefined || !positiveText(last)) return false;
  prefilledSeq = s.resetSeq;
  if (s.price !== '') return false;
  useOrderForm.setState({ price: last, snapNote: null });
  return true;
}

/** The resetSeq the price was last prefilled (or found already filled) for: one order form, one value. */
let prefilledSeq = -1;
