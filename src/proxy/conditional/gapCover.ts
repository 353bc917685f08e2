// Covering a gap longer than the trades read back (the candles: ../market/gapCandles.ts), and gaps whose
// read-back failed at first while live frames went on (PendingGaps).
import type { WatchState } from '../../core/conditional/scan.js';
import { type BarFire, scanBars } from '../../core/conditional/scanBars.js';
import type { MarketTrade } from '../../core/conditional/types.js';
import { gapCandles } from '../market/gapCandles.js';
import type { FeedTap } from '../market/tradeFeed.js';
import type { Conditional } from './store.js';

export interface GapVerdict {
  /** The entry judged (as passed in). */
  input: { c: Conditional; watch: WatchState };
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
  const items = armed.map((a) => ({
    item: a,
    afterTradeId: a.watch.afterTradeId,
    from: a.watch.afterAt ?? a.c.createdAt,
  }));
  const got = await gapCandles(feed, symbol, trades, items);
  if (got === null) return null;
  if (!got) return [];
  return got.open.map(({ item: a, bars }) => {
    const r = scanBars(a.c.rt.legs, a.watch, bars);
    return { input: a, c: a.c, watch: r.watch, fire: r.fire, interval: got.interval.interval };
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
