// The simulated maker's target book (pure): which scaled prices it wants to quote on each side,
// and how much. Near the touch a level every `k` ticks, further out levels on a fixed absolute
// grid, both anchored so that a move of the fair price shifts a few levels instead of re-pricing
// all of them; per-price sizes and gaps come from a hash, so an unmoved market does not churn.
import type { MarketInfo } from '../context.js';
import type { SimParams } from './params.js';
import { hashLabel } from './prng.js';
import { qtyToDec, type TickGrid } from './ticks.js';

export const NEAR_LEVELS = 12;
export const FAR_LEVELS = 18;

export interface Ladder {
  target: Map<number, 'buy' | 'sell'>;
  /** Best bid and best ask of the ladder. */
  bid: number;
  ask: number;
  /** Lowest bid and highest ask of the ladder. */
  lo: number;
  hi: number;
}

/** Stable per-price presence: a few near levels are left empty, always the same ones. */
export function levelPresent(symbol: string, price: number, index: number): boolean {
  if (index < 2) return true;
  return hashLabel(`gap:${symbol}:${price}`) % 100 < 82;
}

/** Quantity quoted at a level (stable per price, growing with the distance index). */
export function levelQty(
  grid: TickGrid,
  symbol: string,
  price: number,
  index: number,
  market: Pick<MarketInfo, 'qtyDecimals' | 'minOrderValue'>,
  params: SimParams,
): string | null {
  const h = hashLabel(`${symbol}:${price}`) / 4294967296;
  const quote = params.makerLevelQuote * (0.3 + 2.2 * h) * (1 + index * 0.12);
  const p = grid.toNumber(price);
  const qty = qtyToDec(quote / p, market.qtyDecimals);
  if (qty === '0') return null;
  const min = Number(market.minOrderValue ?? '0');
  if (Number(qty) * p < min * 1.05) return null;
  return qty;
}

/** Target quotes around `fair` (a float price); `farBase` fixes the far spacing. */
export function targetLadder(
  grid: TickGrid,
  symbol: string,
  fair: number,
  farBase: number,
  params: SimParams,
): Ladder {
  const g = grid;
  const fairTick = g.tickAt(g.snap(fair));
  const half = Math.max((fair * params.halfSpreadBps) / 10_000, g.toNumber(fairTick) * 0.5);
  const k = Math.max(1, Math.round((fair * params.nearSpacingBps) / 10_000 / g.toNumber(fairTick)));
  const unit = k * fairTick;
  const bid = g.snapScaled(Math.floor(g.snap(fair - half, 'down') / unit) * unit, 'down');
  let ask = g.snapScaled(Math.ceil(g.snap(fair + half, 'up') / unit) * unit, 'up');
  if (ask <= bid) ask = g.up(bid);
  const target = new Map<number, 'buy' | 'sell'>();
  const far = (farBase * params.depthFraction) / FAR_LEVELS;
  let lo = bid;
  let hi = ask;
  for (const side of ['buy', 'sell'] as const) {
    let x = side === 'buy' ? bid : ask;
    for (let i = 0; i < NEAR_LEVELS; i++) {
      if (x <= 0) break;
      if (levelPresent(symbol, x, i)) target.set(x, side);
      let next = x;
      for (let j = 0; j < k; j++) next = side === 'buy' ? g.down(next) : g.up(next);
      if (next === x) break;
      x = next;
    }
    const step = Math.max(g.tickAt(x), g.snap(far, 'nearest'));
    let y = side === 'buy' ? Math.floor(x / step) * step : Math.ceil(x / step) * step;
    for (let i = 0; i < FAR_LEVELS && y > 0; i++) {
      const p = g.snapScaled(y, side === 'buy' ? 'down' : 'up');
      if (p > 0 && !target.has(p)) target.set(p, side);
      if (side === 'buy') lo = Math.min(lo, p);
      else hi = Math.max(hi, p);
      y = side === 'buy' ? y - step : y + step;
    }
  }
  return { target, bid, ask, lo, hi };
}
