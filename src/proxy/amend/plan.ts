// Pure rules of an amendment (cancel-then-place): which orders can be amended, and how large the replacement
// is once the cancel is confirmed. A fill that lands between what the user saw and the confirmed cancel
// shrinks the replacement, so the amended order never buys or sells more than the user asked for.
import { gt, isPositive, lte, sub } from '../../core/decimal.js';
import { isRestingStatus } from '../../core/orderStatus.js';

export interface SeenOrder {
  orderType: string;
  status: string;
  side: string;
  price?: string | null;
  qty?: string | null;
  filledQty?: string | null;
  timeInForce?: string | null;
}

export type AmendRefusal = { code: string; message: string };

/** An open resting limit order, and a change that is a change. */
export function amendRefusal(o: SeenOrder, change: { price?: string; qty?: string }): AmendRefusal | null {
  if (o.orderType !== 'limit' || !o.price || !o.qty)
    return { code: 'NOT_AMENDABLE', message: 'Only resting limit orders can be amended.' };
  if (!isRestingStatus(o.status))
    return { code: 'ORDER_CLOSED', message: `The order is ${o.status}; nothing to amend.` };
  if (change.price === undefined && change.qty === undefined)
    return { code: 'BAD_REQUEST', message: 'Give a new price, a new quantity or both.' };
  if (change.qty !== undefined && !isPositive(change.qty))
    return { code: 'BAD_REQUEST', message: 'The new quantity must be above zero.' };
  const remaining = sub(o.qty, o.filledQty ?? '0');
  if (
    (change.price === undefined || change.price === o.price) &&
    (change.qty === undefined || change.qty === remaining)
  )
    return { code: 'NO_CHANGE', message: 'The new price and quantity equal the current ones.' };
  return null;
}

/**
 * Quantity of the replacement. `wantedRemaining` is the unfilled quantity the user asked for (default: the
 * unfilled quantity they saw); fills after `seenFilled` up to the confirmed cancel come off it. Null when
 * nothing is left to place.
 */
export function replacementQty(opts: {
  wantedRemaining: string;
  seenFilled: string;
  finalFilled: string;
}): string | null {
  const extra = gt(opts.finalFilled, opts.seenFilled) ? sub(opts.finalFilled, opts.seenFilled) : '0';
  const left = sub(opts.wantedRemaining, extra);
  return lte(left, '0') ? null : left;
}

/** Time in force of the replacement: a resting order keeps gtc or po; anything else rests as gtc. */
export const replacementTif = (tif: string | null | undefined) => (tif === 'po' ? 'po' : 'gtc');
