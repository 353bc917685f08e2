// Judging trade prints against one price alert: level crossings (the conditional engine's `reaches`),
// a percent move inside a rolling time window, and the re-arm rules (fire once, or repeat with a cooldown).
import { reaches } from '../conditional/trigger.js';
import { div, gte, lte, mul, round, sub } from '../decimal.js';
import type { AlertDef, AlertFire, AlertState, MarketTrade, PricePoint } from './types.js';

/** A fresh state for an alert set (or edited) at `since` (ms). */
export function initialState(since: number, afterTradeId = 0): AlertState {
  return { afterTradeId, since, armed: true };
}

/** Percent change from `from` to `to`, 8 decimals (positive when `to` is higher). */
export function percentChange(from: string, to: string): string {
  return mul(div(sub(to, from), from, 10, 'halfEven'), '100');
}

function pushWindow(s: AlertState, pt: PricePoint, windowMs: number): void {
  const lows = s.lows ?? [];
  const highs = s.highs ?? [];
  s.lows = lows;
  s.highs = highs;
  while (lows.length && gte(lows[lows.length - 1]!.p, pt.p)) lows.pop();
  lows.push(pt);
  while (highs.length && lte(highs[highs.length - 1]!.p, pt.p)) highs.pop();
  highs.push(pt);
  const oldest = pt.t - windowMs;
  while (lows.length && lows[0]!.t < oldest) lows.shift();
  while (highs.length && highs[0]!.t < oldest) highs.shift();
}

/** One trade against one alert. The returned state is a new object; the input is not changed. */
export function step(
  def: AlertDef,
  state: AlertState,
  trade: MarketTrade,
): { state: AlertState; fire?: AlertFire } {
  if (trade.tradeId <= state.afterTradeId || trade.timestamp < state.since) return { state };
  const s: AlertState = {
    ...state,
    afterTradeId: trade.tradeId,
    ...(trade.timestamp > 0 ? { afterAt: trade.timestamp } : {}),
    ...(state.lows ? { lows: [...state.lows] } : {}),
    ...(state.highs ? { highs: [...state.highs] } : {}),
  };
  const cooling = s.lastFiredAt !== undefined && trade.timestamp - s.lastFiredAt < def.cooldownSec * 1000;
  const c = def.condition;
  if (c.type === 'above' || c.type === 'below') {
    const hit = reaches(c.type === 'above' ? 'up' : 'down', trade.price, c.level);
    if (!hit) {
      s.armed = true; // back on the near side: the next reach is a new crossing
      return { state: s };
    }
    if (!s.armed) return { state: s };
    s.armed = false; // this crossing is used up, announced or swallowed by the cooldown
    if (cooling) return { state: s };
    s.lastFiredAt = trade.timestamp;
    return { state: s, fire: { tradeId: trade.tradeId, price: trade.price, at: trade.timestamp } };
  }
  const pt: PricePoint = { tradeId: trade.tradeId, t: trade.timestamp, p: trade.price };
  pushWindow(s, pt, c.windowSec * 1000);
  if (cooling) return { state: s };
  const low = s.lows![0]!.p;
  const high = s.highs![0]!.p;
  const up = percentChange(low, trade.price);
  const down = percentChange(high, trade.price); // <= 0
  let from: string | undefined;
  let pct: string | undefined;
  if (c.direction !== 'down' && gte(up, c.percent)) {
    from = low;
    pct = up;
  } else if (c.direction !== 'up' && lte(down, `-${c.percent}`)) {
    from = high;
    pct = down;
  }
  if (from === undefined || pct === undefined) return { state: s };
  s.lastFiredAt = trade.timestamp;
  s.lows = [pt]; // the next move is measured from here
  s.highs = [pt];
  return {
    state: s,
    fire: { tradeId: trade.tradeId, price: trade.price, at: trade.timestamp, from, changePct: round(pct, 2) },
  };
}

/**
 * Judges trades oldest first (ids increase per pair); a trade at or below the cursor is skipped, so
 * a snapshot overlapping a backfill counts once. A one-shot alert stops at its first firing.
 */
export function scanAlert(
  def: AlertDef,
  state: AlertState,
  trades: readonly MarketTrade[],
): { state: AlertState; fires: AlertFire[] } {
  const sorted = [...trades].sort((a, b) => a.tradeId - b.tradeId);
  let s = state;
  const fires: AlertFire[] = [];
  for (const tr of sorted) {
    const r = step(def, s, tr);
    s = r.state;
    if (r.fire) {
      fires.push(r.fire);
      if (!def.repeat) break;
    }
  }
  return { state: s, fires };
}
