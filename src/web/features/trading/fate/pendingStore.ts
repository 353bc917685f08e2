// Uncertain orders survive a reload: their identity (never a secret: clientOrderId, pair, side, type,
// profile id, account) is kept in sessionStorage until resolved, and the lookup resumes on the next load.
import type { FateRecord } from '../../../lib/orders/fateStore.js';

const KEY = 'kapi-uncertain-orders';
const MAX_AGE_MS = 10 * 60_000;

export type PendingOrder = Pick<
  FateRecord,
  'clientOrderId' | 'symbol' | 'side' | 'orderType' | 'profileId' | 'accountSeq'
> & { code: string; since: number };

function read(): PendingOrder[] {
  try {
    const raw = sessionStorage.getItem(KEY);
    const list = raw ? (JSON.parse(raw) as PendingOrder[]) : [];
    return Array.isArray(list) ? list.filter((p) => Date.now() - p.since < MAX_AGE_MS) : [];
  } catch {
    return [];
  }
}

function write(list: PendingOrder[]) {
  try {
    if (list.length) sessionStorage.setItem(KEY, JSON.stringify(list));
    else sessionStorage.removeItem(KEY);
  } catch {
    /* storage unavailable: the order is still resolved while this page lives */
  }
}

export function rememberPending(p: PendingOrder) {
  write([...read().filter((x) => x.clientOrderId !== p.clientOrderId), p]);
}

export function forgetPending(clientOrderId: string) {
  const list = read();
  if (list.some((x) => x.clientOrderId === clientOrderId))
    write(list.filter((x) => x.clientOrderId !== clientOrderId));
}

export function pendingOrders(): PendingOrder[] {
  return read();
}
