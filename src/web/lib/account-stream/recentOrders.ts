// Order reads lag the stream by about a second, so a REST list fetched just after a myOrder frame can miss
// a new order or still show a canceled one. Stream updates are remembered for a few seconds and laid over
// every REST result: closed orders stay removed, new orders stay present.
import { applyOrderRows, type OrderRow } from '../../../core/account/records.js';
import { isOpenStatus } from '../../../core/orderStatus.js';
import type { OpenOrder } from '../types.js';

const RECENT_MS = 8_000;
const recent = new Map<string, Map<number, { u: OrderRow; at: number }>>();

export function rememberOrderUpdates(key: string, updates: readonly OrderRow[], now = Date.now()) {
  let m = recent.get(key);
  if (!m) {
    m = new Map();
    recent.set(key, m);
  }
  for (const u of updates) m.set(u.orderId, { u, at: now });
}

export function overlayRecentUpdates(key: string, list: readonly OpenOrder[], now = Date.now()): OpenOrder[] {
  const m = recent.get(key);
  if (!m) return list as OpenOrder[];
  const rows: OrderRow[] = [];
  const present = new Set(list.map((o) => o.orderId));
  for (const [id, { u, at }] of m) {
    if (now - at > RECENT_MS) {
      m.delete(id);
      continue;
    }
    // a closed order stays removed; an open one is added only when the list lacks it
    if (!isOpenStatus(u.status) || !present.has(id)) rows.push(u);
  }
  return applyOrderRows(list, rows);
}
