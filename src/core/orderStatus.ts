// The order-status rules, once: which statuses mean the order still works, which are final, and the
// myOrder stream's name `unfilled` for REST's `open`. Exhaustive over the known statuses (a new one
// added to ORDER_STATUSES fails to compile here until it is classed); a status a newer server adds is
// kept as received and is neither open nor final. Callers that must decide treat it as closed, like the
// vendor's client ("anything outside the open set pending/open/partiallyFilled counts as closed").
import type { ORDER_STATUSES } from './schemas/orders.js';

export type KnownOrderStatus = (typeof ORDER_STATUSES)[number];

/** The myOrder channel says `unfilled` where REST says `open` (docs/api-decisions.md). */
export const STREAM_OPEN_STATUS = 'unfilled';

/** open: accepted and still working; final: the exchange has stopped the order for good. */
const CLASS: Record<KnownOrderStatus, 'open' | 'final'> = {
  pending: 'open',
  open: 'open',
  partiallyFilled: 'open',
  filled: 'final',
  canceled: 'final',
  partiallyFilledCanceled: 'final',
  expired: 'final',
};

export function isKnownOrderStatus(s: string): s is KnownOrderStatus {
  return Object.hasOwn(CLASS, s);
}

/** REST's name for a status: the stream's `unfilled` becomes `open`; anything else is kept as received. */
export function normalizeOrderStatus(s: string): string {
  return s === STREAM_OPEN_STATUS ? 'open' : s;
}

/** Still working (pending, open / unfilled, partially filled). An unknown status is not open. */
export function isOpenStatus(s: string): boolean {
  const n = normalizeOrderStatus(s);
  return isKnownOrderStatus(n) && CLASS[n] === 'open';
}

/** Resting in the book: open or partially filled (not `pending`, which is not yet placed). */
export function isRestingStatus(s: string): boolean {
  const n = normalizeOrderStatus(s);
  return n === 'open' || n === 'partiallyFilled';
}

/** Stopped for good (filled, canceled, partly filled then canceled, expired). An unknown status is not final. */
export function isFinalStatus(s: string): boolean {
  const n = normalizeOrderStatus(s);
  return isKnownOrderStatus(n) && CLASS[n] === 'final';
}
