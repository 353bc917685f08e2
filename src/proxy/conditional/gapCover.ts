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

interface Pending {
  symbol: string;
  /** Where the conditional's judged trades stood when the gap began. */
  watch: WatchState;
  /** The first trade judged live after that (the unseen ones are older). */
  liveFrom?: number;
}

/**
 * Gaps whose trades could not be read back at once. Live frames keep being judged meanwhile (a
 * crossing now must not wait for REST), which moves each cursor past the gap; so where each
 * conditional stood when the gap began is kept here, with the first trade judged live after it,
 * and the stretch between is judged when the read finally succeeds.
 */
export class PendingGaps {
  private readonly byId = new Map<string, Pending>();

  /** A read after a gap failed: remember where each armed conditional stands (once per gap). */
  open(symbol: string, armed: readonly { c: Conditional; watch: WatchState }[]): void {
    for (const a of armed) if (!this.byId.has(a.c.id)) this.byId.set(a.c.id, { symbol, watch: a.watch });
  }

  /** Trades about to be judged live for `id` after `after`: the first of them bounds the unseen stretch. */
  sawLive(id: string, trades: readonly MarketTrade[], after: number): void {
    const p = this.byId.get(id);
    if (!p || p.liveFrom !== undefined) return;
    let first: number | undefined;
    for (const t of trades)
      if (t.tradeId > after && (first === undefined || t.tradeId < first)) first = t.tradeId;
    if (first !== undefined) p.liveFrom = first;
  }

  has(symbol: string): boolean {
    for (const p of this.byId.values()) if (p.symbol === symbol) return true;
    return false;
  }

  /** The pending gaps of `symbol`, forgotten here (put back with `restore` if judging them fails). */
  take(symbol: string): (Pending & { id: string })[] {
    const out: (Pending & { id: string })[] = [];
    for (const [id, p] of this.byId) if (p.symbol === symbol) out.push({ id, ...p });
    for (const p of out) this.byId.delete(p.id);
    return out;
  }

  restore(entries: readonly (Pending & { id: string })[]): void {
    for (const { id, ...p } of entries) if (!this.byId.has(id)) this.byId.set(id, p);
  }

  forget(id: string): void {
    this.byId.delete(id);
  }
}

/** The trades of a pending gap never judged: after where it began, before the first judged live. */
export function unseenTrades(p: Pending, trades: readonly MarketTrade[]): MarketTrade[] {
  return trades.filter(
    (t) => t.tradeId > p.watch.afterTradeId && (p.liveFrom === undefined || t.tradeId < p.liveFrom),
  );
}
