// The trades tape's merge (issue 18 item 5): the tape is seeded from GET /v2/trades (the vendor's client
// seeds its tape the same way, korbit-cli internal/stream/backfill.go seedTradeHistory: the stream's
// snapshot may hold a single row) and merged with the stream's frames without duplicates. A trade is
// the same trade by its tradeId; a row without one (never seen so far, but the id is the only thing
// that says so) is the same by timestamp, price and quantity.

export interface TapeTrade {
  tradeId?: number | null;
  timestamp: number;
  price: string;
  qty: string;
}

/** The identity of a trade on the tape. */
export function tradeKey(t: TapeTrade): string {
  return typeof t.tradeId === 'number' && Number.isFinite(t.tradeId)
    ? `id:${t.tradeId}`
    : `at:${t.timestamp}|${t.price}|${t.qty}`;
}

const hasId = (t: TapeTrade): t is TapeTrade & { tradeId: number } =>
  typeof t.tradeId === 'number' && Number.isFinite(t.tradeId);

/** Newest first: by tradeId (monotonic) where both rows have one, else by time. */
export function newestFirst(a: TapeTrade, b: TapeTrade): number {
  if (hasId(a) && hasId(b)) return b.tradeId - a.tradeId || b.timestamp - a.timestamp;
  return b.timestamp - a.timestamp;
}

/**
 * Merges a batch (stream frames or a REST page) into a newest-first tape, bounded to `limit`, without
 * duplicates. Returns `current` itself when nothing new came (callers compare by reference).
 */
export function mergeTrades<T extends TapeTrade>(
  current: readonly T[],
  batch: readonly T[],
  limit: number,
): T[] {
  if (batch.length === 0) return current as T[];
  const seen = new Set(current.map(tradeKey));
  const fresh: T[] = [];
  for (const t of batch) {
    const k = tradeKey(t);
    if (seen.has(k)) continue;
    seen.add(k);
    fresh.push(t);
  }
  if (fresh.length === 0) return current as T[];
  const all = [...fresh, ...current];
  all.sort(newestFirst);
  return all.slice(0, limit);
}
