// What became of an order the user sent: one pure classification shared by the toast, the ticket's
// result line and the order rows. Inputs are the exchange's own records (order status, prevented
// matches, lookups by clientOrderId); nothing here does I/O.
import { gt, isDecimalString } from './decimal.js';
import { normalizeOrderStatus } from './orderStatus.js';

/** Every outcome the dashboard tells. `uncertain` is the only one that is followed further by lookups. */
export type OrderFate =
  | 'sending'
  | 'uncertain'
  | 'open'
  | 'partiallyFilled'
  | 'filled'
  | 'canceled'
  | 'partiallyFilledCanceled'
  | 'expired'
  | 'prevented'
  | 'rejected'
  | 'notPlaced';

const FINAL: ReadonlySet<OrderFate> = new Set([
  'filled',
  'canceled',
  'partiallyFilledCanceled',
  'expired',
  'prevented',
  'rejected',
  'notPlaced',
]);

/** True when nothing more will happen to the order (a resting order is not final). */
export function isFinalFate(f: OrderFate): boolean {
  return FINAL.has(f);
}

/** Good news, bad news or neither: drives the toast's colour. */
export function fateTone(f: OrderFate): 'ok' | 'warn' | 'error' | 'info' {
  switch (f) {
    case 'filled':
    case 'open':
    case 'partiallyFilled':
      return 'ok';
    case 'canceled':
    case 'partiallyFilledCanceled':
      return 'info';
    case 'uncertain':
    case 'prevented':
    case 'expired':
    case 'notPlaced':
      return 'warn';
    case 'rejected':
      return 'error';
    default:
      return 'info';
  }
}

/**
 * Codes after which the order may or may not exist on the exchange: the request may have reached it
 * and the answer was lost (transport failure, timeout, 5xx, garbled answer, the proxy's own
 * "state unknown"). Such an order is looked up by its clientOrderId before anything is said.
 */
const UNCERTAIN_CODES: ReadonlySet<string> = new Set([
  'NETWORK_ERROR',
  'TIMEOUT',
  'UPSTREAM_TIMEOUT',
  'UPSTREAM_UNREACHABLE',
  'UPSTREAM_INVALID_RESPONSE',
  'ORDER_STATE_UNKNOWN',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
  'TRY_AGAIN',
]);

export function isUncertainFailure(code: string, httpStatus = 0): boolean {
  if (UNCERTAIN_CODES.has(code)) return true;
  return httpStatus >= 500 && code.startsWith('HTTP_');
}

export interface OrderSnapshot {
  /** REST status, or the myOrder channel's (`unfilled` = open). */
  status: string;
  filledQty?: string | null;
}

export interface FateContext {
  /** The user (this dashboard) asked to cancel it. */
  userCanceled?: boolean;
  /** A prevented match names this order as the taker. */
  preventedAsTaker?: boolean;
}

/**
 * The fate an order record tells. A cancel nobody asked for on an order that was stopped by
 * self-trade prevention is `prevented`; `unfilled` (stream) is `open`; `pending` is still open.
 */
export function fateFromOrder(o: OrderSnapshot, ctx: FateContext = {}): OrderFate {
  const status = normalizeOrderStatus(o.status);
  switch (status) {
    case 'pending':
    case 'open':
      return 'open';
    case 'partiallyFilled':
      return 'partiallyFilled';
    case 'filled':
      return 'filled';
    case 'expired':
      return 'expired';
    case 'canceled':
    case 'partiallyFilledCanceled':
      if (ctx.preventedAsTaker && !ctx.userCanceled) return 'prevented';
      return status;
    default:
      // an unknown status counts as closed (docs/api-decisions.md, tolerance); its code shows the value
      return 'canceled';
  }
}

/** A cancel the user did not ask for may be self-trade prevention: worth one lookup of prevented matches. */
export function needsPreventionCheck(o: OrderSnapshot, ctx: FateContext = {}): boolean {
  return (o.status === 'canceled' || o.status === 'partiallyFilledCanceled') && !ctx.userCanceled;
}

/** Result of looking an uncertain order up by its clientOrderId. */
export type LookupOutcome =
  | { kind: 'found'; order: OrderSnapshot & { orderId: number | string } }
  | { kind: 'notFound' }
  | { kind: 'error'; code: string };

/** Journal entry state (proxy GET /api/journal). */
export type JournalState = 'pending' | 'sent' | 'placed' | 'failed' | 'unknown';

export interface ResolveStep {
  /** The fate now, or null while it cannot be told yet. */
  fate: OrderFate | null;
  orderId?: number | string;
  /** Look again later. */
  retry: boolean;
}

/**
 * One step of resolving an uncertain order. A `notFound` is believed at once when the proxy journal has
 * the intent as `failed`; never while the journal says the proxy is still sending it (`pending`, `sent`:
 * its placer may yet send it again under the same clientOrderId) or has it `placed` (reads lag the write);
 * otherwise (journal `unknown`, or no entry: the request never reached the proxy) after `minNotFound`
 * consecutive misses.
 */
export function resolveStep(
  lookup: LookupOutcome,
  opts: { journal?: JournalState | null; misses: number; minNotFound?: number },
): ResolveStep {
  if (lookup.kind === 'found') {
    return { fate: fateFromOrder(lookup.order), orderId: lookup.order.orderId, retry: false };
  }
  if (lookup.kind === 'notFound') {
    if (opts.journal === 'failed') return { fate: 'notPlaced', retry: false };
    const inFlight = opts.journal === 'pending' || opts.journal === 'sent' || opts.journal === 'placed';
    const settled = !inFlight && opts.misses + 1 >= (opts.minNotFound ?? 3);
    return settled ? { fate: 'notPlaced', retry: false } : { fate: null, retry: true };
  }
  return { fate: null, retry: true };
}

/** True when `next` reports more filled than `prev` (a new fill). */
export function filledMore(prev: string | null | undefined, next: string | null | undefined): boolean {
  if (!next || !isDecimalString(next)) return false;
  return gt(next, prev && isDecimalString(prev) ? prev : '0');
}
