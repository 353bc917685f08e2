// Reading back the trades of a gap in the stream: recent REST trades, then candles for what is older
// than those; a failed read is retried on every poll until it succeeds.
import type { WatchState } from '../../core/conditional/scan.js';
import type { FeedTap } from '../market/tradeFeed.js';
import type { Cursors } from './cursors.js';
import { coverGap, type PendingGaps } from './gapCover.js';
import type { TradeJudge } from './judging.js';
import type { Conditional, ConditionalStore } from './store.js';

export interface BackfillDeps {
  feed: FeedTap;
  store: ConditionalStore;
  cursors: Cursors;
  pendingGaps: PendingGaps;
  judge: TradeJudge;
}

export class Backfill {
  /** Symbols whose gap is not read back yet. */
  private readonly due = new Set<string>();
  private readonly running = new Set<string>();

  constructor(private readonly d: BackfillDeps) {}

  /** Symbols still waiting for a read-back. */
  pending(): string[] {
    return [...this.due];
  }

  /** Starts the read-back of every symbol still due (one at a time per symbol, in its queue). */
  retryDue(enqueue: (symbol: string, job: () => Promise<void>) => Promise<void>): void {
    for (const symbol of this.due) {
      if (this.running.has(symbol)) continue;
      this.running.add(symbol);
      void enqueue(symbol, () => this.run(symbol)).finally(() => this.running.delete(symbol));
    }
  }

  /**
   * Judges recent REST trades after a gap; a failed read is retried on every poll until it succeeds.
   * Trades older than these 500 and newer than what was judged were never seen: candles cover them.
   */
  async run(symbol: string): Promise<void> {
    const { feed, store, cursors, pendingGaps, judge } = this.d;
    const trades = await feed.recent(symbol);
    if (!trades) {
      this.due.add(symbol);
      pendingGaps.open(symbol, cursors.armedOn(symbol));
      return;
    }
    // Gaps whose read failed before: judged from where each conditional stood when the gap began.
    const pending = pendingGaps.take(symbol);
    await judge.judgeUnseen(pending, trades);
    const stale = pending
      .map((p) => ({ c: store.get(p.id), watch: p.watch }))
      .filter((a): a is { c: Conditional; watch: WatchState } => a.c?.status === 'armed');
    // one candle read for both: stretches unseen since a failed read, and since each cursor now
    const verdicts = await coverGap(feed, symbol, trades, [...stale, ...cursors.armedOn(symbol)]);
    if (!verdicts) {
      pendingGaps.restore(pending.filter((p) => store.get(p.id)?.status === 'armed'));
      this.due.add(symbol);
      return;
    }
    for (const v of verdicts) {
      if (v.fire) await judge.fireFromBars(v);
      // trailing progress the candles made certain (not from a stale point: the live state went on
      // without those trades); the trade cursor itself has not moved
      else if (
        !stale.includes(v.input) &&
        JSON.stringify(v.watch.trail) !== JSON.stringify(v.c.rt.watch.trail)
      )
        cursors.save(v.c, v.watch);
    }
    this.due.delete(symbol);
    await judge.judge(symbol, trades, true);
  }
}
