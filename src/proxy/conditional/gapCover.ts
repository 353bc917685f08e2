// Covering a gap longer than the trades read back: after a gap the engine reads the newest 500 trades
// (the most GET /v2/trades returns). When all 500 are newer than what a conditional last judged,
// trades in between were never seen; candles over that stretch say which prices printed there.
import { barIntervalFor, barsInside } from '../../core/conditional/gapBars.js';
import type { WatchState } from '../../core/conditional/scan.js';
import { type BarFire, scanBars } from '../../core/conditional/scanBars.js';
import type { MarketTrade } from '../../core/conditional/types.js';
import type { FeedTap } from '../tradeFeed.js';
import type { Conditional } from './store.js';

/** The most trades one GET /v2/trades returns (and what the engine asks for after a gap). */
export const RECENT_TRADES = 500;

export interface GapVerdict {
  c: Conditional;
  watch: WatchState;
  fire?: BarFire;
  interval: string;
}

/**
 * For each armed conditional whose judged trades stop before the oldest trade read back, the bars
 * of the stretch between, judged. `null` when a candle read failed (the caller retries the whole
 * backfill later, trades included, so nothing is judged out of order); `[]` when nothing is unseen.
 */
export async function coverGap(
  feed: Pick<FeedTap, 'bars'>,
  symbol: string,
  trades: readonly MarketTrade[],
  armed: readonly { c: Conditional; watch: WatchState }[],
): Promise<GapVerdict[] | null> {
  if (trades.length < RECENT_TRADES) return [];
  const oldest = trades.reduce((a, b) => (b.tradeId < a.tradeId ? b : a));
  const open = armed
    .map((a) => ({ ...a, from: a.watch.afterAt ?? a.c.createdAt }))
    .filter((a) => oldest.tradeId > a.watch.afterTradeId && oldest.timestamp > a.from);
  if (!open.length) return [];
  const from = Math.min(...open.map((a) => a.from));
  const iv = barIntervalFor(from, oldest.timestamp);
  const bars = await feed.bars(symbol, iv.interval, from, oldest.timestamp);
  if (!bars) return null;
  return open.map((a) => {
    const r = scanBars(a.c.rt.legs, a.watch, barsInside(bars, iv.ms, a.from, oldest.timestamp));
    return { c: a.c, watch: r.watch, fire: r.fire, interval: iv.interval };
  });
}
