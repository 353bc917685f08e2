// Judged-trade cursors: where each armed conditional stands in the trade stream, kept in memory and
// saved to the store lazily (see keep).
import type { WatchState } from '../../core/conditional/scan.js';
import type { Conditional, ConditionalStore } from './store.js';

export class Cursors {
  /** Cursors not yet saved. */
  private readonly unsaved = new Map<string, WatchState>();
  private readonly savedAt = new Map<string, number>();

  constructor(
    private readonly store: ConditionalStore,
    /** Longest time a cursor stays unsaved when nothing else changed. */
    private readonly saveMs: number,
  ) {}

  /** Where the conditional stands: the unsaved cursor, else the stored one. */
  of(c: Conditional): WatchState {
    return this.unsaved.get(c.id) ?? c.rt.watch;
  }

  /** The armed conditionals of a symbol with where each stands. */
  armedOn(symbol: string): { c: Conditional; watch: WatchState }[] {
    return this.store
      .live()
      .filter((c) => c.def.symbol === symbol && c.status === 'armed')
      .map((c) => ({ c, watch: this.of(c) }));
  }

  /**
   * Cursor progress is saved at once when trailing state changes, else at most every few seconds
   * (a synced write per trade frame would be wasteful). Losing the last seconds of cursor in a
   * crash only means judging those trades again after the restart, with the state saved alongside
   * that cursor: they did not fire before, so they do not fire now.
   */
  keep(c: Conditional, watch: WatchState): void {
    if (watch.afterTradeId === this.of(c).afterTradeId) return;
    this.unsaved.set(c.id, watch);
    const trailMoved = JSON.stringify(watch.trail) !== JSON.stringify(c.rt.watch.trail);
    const last = this.savedAt.get(c.id) ?? 0;
    if (!trailMoved && Date.now() - last < this.saveMs) return;
    this.save(c, watch);
  }

  /** Saves a cursor now (trailing progress the candles made certain). */
  save(c: Conditional, watch: WatchState): void {
    this.unsaved.set(c.id, watch);
    this.store.saveRuntime(c.id, 'armed', { ...c.rt, watch });
    this.savedAt.set(c.id, Date.now());
  }

  forget(id: string): void {
    this.unsaved.delete(id);
  }

  /** Drops the cursors of conditionals no longer armed. */
  keepOnly(armed: ReadonlySet<string>): void {
    for (const id of this.unsaved.keys()) if (!armed.has(id)) this.unsaved.delete(id);
  }

  /** Saves every unsaved cursor (on close). */
  flush(): void {
    for (const c of this.store.live()) {
      const w = this.unsaved.get(c.id);
      if (c.status === 'armed' && w && w.afterTradeId !== c.rt.watch.afterTradeId)
        this.store.saveRuntime(c.id, 'armed', { ...c.rt, watch: w });
    }
    this.unsaved.clear();
  }
}
