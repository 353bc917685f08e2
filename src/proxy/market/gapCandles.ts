// Candles over trades never seen one by one, for both engines (conditional orders, price alerts).
// After a gap an engine reads the newest RECENT_TRADES trades; when all of them are newer than what
// one of its items judged, the trades in between were never seen, and the candles of that stretch
// say which prices printed there.
import { barIntervalFor, barsInside } from '../../core/conditional/gapBars.js';
import type { PriceBar } from '../../core/conditional/scanBars.js';
import type { MarketTrade } from '../../core/conditional/types.js';
import { type FeedTap, RECENT_TRADES } from './tradeFeed.js';

export interface GapItem<T> {
  item: T;
  /** The last trade it judged, and when that printed (or when it started watching). */
  afterTradeId: number;
  from: number;
}

export interface GapCandles<T> {
  /** The items with an unseen stretch, each with the candles wholly inside it. */
  open: { item: T; bars: PriceBar[] }[];
  interval: { interval: string; ms: number };
}

/** `undefined`: nothing unseen; `null`: the candle read failed. */
export async function gapCandles<T>(
  feed: Pick<FeedTap, 'bars'>,
  symbol: string,
  trades: readonly MarketTrade[],
  items: readonly GapItem<T>[],
): Promise<GapCandles<T> | null | undefined> {
  if (trades.length < RECENT_TRADES) return undefined;
  const oldest = trades.reduce((a, b) => (b.tradeId < a.tradeId ? b : a));
  const open = items.filter((x) => oldest.tradeId > x.afterTradeId && oldest.timestamp > x.from);
  if (!open.length) return undefined;
  const start = Math.min(...open.map((x) => x.from));
  const iv = barIntervalFor(start, oldest.timestamp);
  const bars = await feed.bars(symbol, iv.interval, start, oldest.timestamp);
  if (!bars) return null;
  return {
    open: open.map((x) => ({ item: x.item, bars: barsInside(bars, iv.ms, x.from, oldest.timestamp) })),
    interval: { interval: iv.interval, ms: iv.ms },
  };
}
