// Scanning a sequence of trades (live or backfilled after a gap) for the first leg that fires.
import { evaluate } from './trigger.js';
import type { Leg, MarketTrade, TrailState } from './types.js';

/** What the engine keeps per armed conditional: the last trade already judged, trailing progress per leg. */
export interface WatchState {
  afterTradeId: number;
  /** When that trade printed (ms): where a gap in the trades starts. Absent in state saved before it was kept. */
  afterAt?: number;
  trail: (TrailState | undefined)[];
}

export interface ScanResult {
  fire?: { leg: number; trade: MarketTrade };
  watch: WatchState;
}

/**
 * Judges the trades newer than `afterTradeId`, oldest first (trade ids increase per pair), and
 * stops at the first firing: that trade is where the condition was met. A trade already judged
 * (id at or below the cursor) is skipped, so a snapshot overlapping a backfill counts once. When
 * one trade fires two legs, the first leg in the definition wins (the other is canceled).
 */
export function scanTrades(
  legs: readonly Leg[],
  watch: WatchState,
  trades: readonly MarketTrade[],
): ScanResult {
  const sorted = [...trades].sort((a, b) => a.tradeId - b.tradeId);
  let after = watch.afterTradeId;
  let afterAt = watch.afterAt;
  const trail = [...watch.trail];
  for (const tr of sorted) {
    if (tr.tradeId <= after) continue;
    after = tr.tradeId;
    if (tr.timestamp > 0) afterAt = tr.timestamp;
    let fired = -1;
    legs.forEach((leg, i) => {
      if (leg.kind !== 'trigger') return;
      const r = evaluate(leg.trigger, trail[i], tr.price);
      trail[i] = r.state;
      if (r.fired && fired < 0) fired = i;
    });
    if (fired >= 0) return { fire: { leg: fired, trade: tr }, watch: at(after, afterAt, trail) };
  }
  return { watch: at(after, afterAt, trail) };
}

const at = (afterTradeId: number, afterAt: number | undefined, trail: WatchState['trail']): WatchState =>
  afterAt === undefined ? { afterTradeId, trail } : { afterTradeId, afterAt, trail };
