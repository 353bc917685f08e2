// In-page fan-out of order updates (myOrder rows and the order states a gap backfill reads), so the ticket
// can tell what became of the order it just sent. The stream can beat the POST response, so the last few
// updates are kept for a late listener to catch up.
import type { OrderRow } from '../../../core/account/records.js';

const listeners = new Set<(o: OrderRow) => void>();
const latest = new Map<number, OrderRow>();
const KEEP = 200;

export function emitOrderUpdates(updates: readonly OrderRow[]) {
  for (const u of updates) {
    latest.delete(u.orderId);
    latest.set(u.orderId, u);
    if (latest.size > KEEP) latest.delete(latest.keys().next().value as number);
    for (const l of listeners) l(u);
  }
}

/** Calls cb with the last update already seen for orderId (if any), then with every later one. */
export function followOrder(orderId: number, cb: (o: OrderRow) => void): () => void {
  const seen = latest.get(orderId);
  if (seen) cb(seen);
  const l = (o: OrderRow) => {
    if (o.orderId === orderId) cb(o);
  };
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}
