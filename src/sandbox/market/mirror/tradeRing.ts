/**
 * The mirror's recent public trades per pair (newest first, at most 500), deduplicated by the source's
 * tradeId (or time, price and quantity when a source sends none), telling which trades are new.
 */
import type { PublicTrade } from '../../types.js';

export const TRADES_KEPT = 500;

const tradeKey = (t: PublicTrade) =>
  t.tradeId !== undefined ? `#${t.tradeId}` : `${t.timestamp}:${t.price}:${t.qty}`;

export class TradeRing {
  private readonly rings = new Map<string, PublicTrade[]>();
  private readonly seen = new Map<string, Set<string>>();

  recent(symbol: string, limit: number): PublicTrade[] {
    return (this.rings.get(symbol) ?? []).slice(0, limit);
  }

  /** Adds trades (newest first, as the wire sends them); returns the ones not seen before, oldest first. */
  add(symbol: string, list: PublicTrade[]): PublicTrade[] {
    let seen = this.seen.get(symbol);
    if (!seen) {
      seen = new Set();
      this.seen.set(symbol, seen);
    }
    const fresh = list.filter((t) => t && typeof t.price === 'string' && !seen.has(tradeKey(t)));
    if (fresh.length === 0) return [];
    for (const t of fresh) seen.add(tradeKey(t));
    const ring = [...fresh, ...(this.rings.get(symbol) ?? [])]
      .sort((a, b) => b.timestamp - a.timestamp || Number(b.tradeId ?? 0) - Number(a.tradeId ?? 0))
      .slice(0, TRADES_KEPT);
    this.rings.set(symbol, ring);
    if (seen.size > TRADES_KEPT * 4) this.seen.set(symbol, new Set(ring.map(tradeKey)));
    return [...fresh].reverse();
  }
}
