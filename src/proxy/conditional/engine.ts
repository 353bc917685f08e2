import { randomBytes } from 'node:crypto';
import { derivedClientOrderId } from '../../core/conditional/machine.js';
import type { WatchState } from '../../core/conditional/scan.js';
import { scanTrades } from '../../core/conditional/scan.js';
import type { CondDefinition, MarketTrade } from '../../core/conditional/types.js';
import type { CondEngineStatus, CondFired } from '../../core/conditional/wire.js';
import type { Forwarder } from '../forward/forwarder.js';
import type { Journal } from '../journal/db.js';
import type { Logger } from '../log.js';
import type { OrderPlacer } from '../orders/placer.js';
import type { FeedTap, TradeFeed } from '../tradeFeed.js';
import { type ArmPreview, previewArm } from './arm.js';
import { Firing } from './firing.js';
import { coverGap, type GapVerdict, PendingGaps, unseenTrades } from './gapCover.js';
import { type CommandResult, moveTriggerLevel } from './move.js';
import type { Conditional, ConditionalStore, Runtime } from './store.js';

export interface EngineOptions {
  pollMs?: number; // exchange order polling (entries, resting legs, retries), default 2000
  /** A crossing seen in a snapshot or backfill counts as late when it printed this long before (default 3000). */
  lateMs?: number;
  /** Test-only (env KAPI_TEST_CRASH=conditional-after-trigger): SIGKILL itself right after a trigger is stored. */
  crashAfterTrigger?: boolean;
  /** Longest time a judged-trade cursor stays unsaved when nothing else changed (default 5000). */
  cursorSaveMs?: number;
}

const newId = () => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

/**
 * The trigger engine: watches the public trade stream for the symbols of live conditional orders,
 * judges every trade once (a per-symbol queue), and fires through the order journal with a
 * derived clientOrderId. Every step is a compare-and-set on the stored status, so a trigger, a
 * cancel and a restart can never place the same order twice.
 */
export class ConditionalEngine {
  /** Its view of the proxy's shared public trade stream. */
  readonly feed: FeedTap;
  private readonly queues = new Map<string, Promise<void>>();
  private readonly latest = new Map<string, MarketTrade>();
  private readonly backfillDue = new Set<string>();
  /** Judged-trade cursors not yet saved (see keepCursor). */
  private readonly cursor = new Map<string, WatchState>();
  private readonly cursorSavedAt = new Map<string, number>();
  private readonly backfillRunning = new Set<string>();
  private readonly pendingGaps = new PendingGaps();
  private readonly firing: Firing;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly store: ConditionalStore,
    readonly placer: OrderPlacer,
    readonly journal: Journal,
    private readonly forwarder: Forwarder,
    private readonly log: Logger,
    private readonly o: EngineOptions,
    feed: TradeFeed,
  ) {
    this.firing = new Firing({
      store,
      placer,
      journal,
      forwarder,
      log,
      latestTradeId: (symbol) => this.latest.get(symbol)?.tradeId,
      closed: () => this.closed,
    });
    this.feed = feed.tap('conditional', {
      onTrades: (symbol, trades, gap) => void this.enqueue(symbol, () => this.judge(symbol, trades, gap)),
      onResync: (symbols) => {
        for (const s of symbols) void this.enqueue(s, () => this.backfill(s));
      },
    });
  }

  /** Reconciles what a previous run left (setups, triggers not yet placed), then watches. */
  start(): void {
    this.poll();
    this.refreshWatch();
    this.timer = setInterval(() => this.poll(), this.o.pollMs ?? 2000);
    this.timer.unref();
  }

  private enqueue(symbol: string, job: () => Promise<void>): Promise<void> {
    const prev = this.queues.get(symbol) ?? Promise.resolve();
    const next = prev
      .then(job)
      .catch((e) => this.log.error(`conditional ${symbol}: ${(e as Error).stack ?? e}`));
    this.queues.set(symbol, next);
    return next;
  }

  private refreshWatch(): void {
    if (this.closed) return;
    const symbols = new Set(this.store.live().map((c) => c.def.symbol));
    this.feed.watch(symbols);
  }

  private noteLatest(symbol: string, trades: readonly MarketTrade[]): void {
    for (const t of trades) {
      const cur = this.latest.get(symbol);
      if (!cur || t.tradeId > cur.tradeId) this.latest.set(symbol, t);
    }
  }

  private armedOf(symbol: string): { c: Conditional; watch: WatchState }[] {
    return this.store
      .live()
      .filter((c) => c.def.symbol === symbol && c.status === 'armed')
      .map((c) => ({ c, watch: this.cursor.get(c.id) ?? c.rt.watch }));
  }

  /**
   * Judges recent REST trades after a gap; a failed read is retried on every poll until it succeeds.
   * Trades older than these 500 and newer than what was judged were never seen: candles cover them.
   */
  private async backfill(symbol: string): Promise<void> {
    const trades = await this.feed.recent(symbol);
    if (!trades) {
      this.backfillDue.add(symbol);
      this.pendingGaps.open(symbol, this.armedOf(symbol));
      return;
    }
    // Gaps whose read failed before: judged from where each conditional stood when the gap began.
    const pending = this.pendingGaps.take(symbol);
    await this.judgeUnseen(pending, trades);
    const stale = pending
      .map((p) => ({ c: this.store.get(p.id), watch: p.watch }))
      .filter((a): a is { c: Conditional; watch: WatchState } => a.c?.status === 'armed');
    // one candle read for both: stretches unseen since a failed read, and since each cursor now
    const verdicts = await coverGap(this.feed, symbol, trades, [...stale, ...this.armedOf(symbol)]);
    if (!verdicts) {
      this.pendingGaps.restore(pending.filter((p) => this.store.get(p.id)?.status === 'armed'));
      this.backfillDue.add(symbol);
      return;
    }
    for (const v of verdicts) {
      if (v.fire) await this.fireFromBars(v);
      // trailing progress the candles made certain (not from a stale point: the live state went on
      // without those trades); the trade cursor itself has not moved
      else if (
        !stale.includes(v.input) &&
        JSON.stringify(v.watch.trail) !== JSON.stringify(v.c.rt.watch.trail)
      ) {
        this.cursor.set(v.c.id, v.watch);
        this.store.saveRuntime(v.c.id, 'armed', { ...v.c.rt, watch: v.watch });
        this.cursorSavedAt.set(v.c.id, Date.now());
      }
    }
    this.backfillDue.delete(symbol);
    await this.judge(symbol, trades, true);
  }

  /** The trades of pending gaps never judged, from where each conditional stood; a firing is late. */
  private async judgeUnseen(
    pending: ReturnType<PendingGaps['take']>,
    trades: readonly MarketTrade[],
  ): Promise<void> {
    for (const p of pending) {
      const c = this.store.get(p.id);
      if (c?.status !== 'armed') continue;
      const r = scanTrades(c.rt.legs, p.watch, unseenTrades(p, trades));
      if (!r.fire) continue;
      const { leg, trade } = r.fire;
      const fired = { leg, tradeId: trade.tradeId, price: trade.price, at: trade.timestamp, late: true };
      const what = `crossed at ${trade.price} (trade ${trade.tradeId})`;
      await this.fireLeg(c, this.cursor.get(c.id) ?? c.rt.watch, fired, what);
    }
  }

  private async fireFromBars(v: GapVerdict): Promise<void> {
    const c = this.store.get(v.c.id);
    if (!v.fire || c?.status !== 'armed') return;
    const { leg, bar, price } = v.fire;
    const fired = {
      leg,
      tradeId: v.watch.afterTradeId,
      price,
      at: bar.timestamp,
      late: true,
      bars: v.interval,
    };
    const when = `the ${v.interval}-minute candle of ${new Date(bar.timestamp).toISOString()}`;
    await this.fireLeg(c, this.cursor.get(c.id) ?? c.rt.watch, fired, `reached ${price} in ${when}`);
  }

  /**
   * Cursor progress is saved at once when trailing state changes, else at most every few seconds
   * (a synced write per trade frame would be wasteful). Losing the last seconds of cursor in a
   * crash only means judging those trades again after the restart, with the state saved alongside
   * that cursor: they did not fire before, so they do not fire now.
   */
  private keepCursor(c: Conditional, watch: WatchState): void {
    if (watch.afterTradeId === (this.cursor.get(c.id) ?? c.rt.watch).afterTradeId) return;
    this.cursor.set(c.id, watch);
    const trailMoved = JSON.stringify(watch.trail) !== JSON.stringify(c.rt.watch.trail);
    const last = this.cursorSavedAt.get(c.id) ?? 0;
    if (!trailMoved && Date.now() - last < (this.o.cursorSaveMs ?? 5000)) return;
    this.store.saveRuntime(c.id, 'armed', { ...c.rt, watch });
    this.cursorSavedAt.set(c.id, Date.now());
  }

  private flushCursors(): void {
    for (const c of this.store.live()) {
      const w = this.cursor.get(c.id);
      if (c.status === 'armed' && w && w.afterTradeId !== c.rt.watch.afterTradeId)
        this.store.saveRuntime(c.id, 'armed', { ...c.rt, watch: w });
    }
    this.cursor.clear();
  }

  /** Judges trades for every armed conditional of the symbol; the first firing leg wins. */
  private async judge(symbol: string, trades: MarketTrade[], gap: boolean): Promise<void> {
    this.noteLatest(symbol, trades);
    for (const c of this.store.live()) {
      if (c.def.symbol !== symbol || c.status !== 'armed') continue;
      const before = this.cursor.get(c.id) ?? c.rt.watch;
      this.pendingGaps.sawLive(c.id, trades, before.afterTradeId);
      const r = scanTrades(c.rt.legs, before, trades);
      if (!r.fire) {
        this.keepCursor(c, r.watch);
        continue;
      }
      const { leg, trade } = r.fire;
      const late = gap && Date.now() - trade.timestamp > (this.o.lateMs ?? 3000);
      const fired = { leg, tradeId: trade.tradeId, price: trade.price, at: trade.timestamp, late };
      await this.fireLeg(c, r.watch, fired, `crossed at ${trade.price} (trade ${trade.tradeId})`);
    }
    this.refreshWatch();
  }

  /** A leg fired: placed through the journal, or, when seen late and the order says so, canceled. */
  private async fireLeg(c: Conditional, watch: WatchState, fired: CondFired, what: string): Promise<void> {
    this.cursor.delete(c.id);
    this.pendingGaps.forget(c.id);
    if (fired.late && c.def.onGap === 'cancel') {
      const rt: Runtime = {
        ...c.rt,
        watch,
        fired,
        error: {
          code: 'GAP_CROSSED',
          message: `${what} while market data was interrupted; canceled as chosen`,
        },
      };
      if (this.store.transition(c.id, 'armed', 'canceled', rt)) {
        this.log.info(`conditional ${c.id}: crossed during a gap, canceled (onGap=cancel)`);
        await this.firing.cancelPartner(c);
      }
      return;
    }
    const rt: Runtime = {
      ...c.rt,
      watch,
      fired,
      clientOrderId: derivedClientOrderId(c.id, `leg${fired.leg}`),
    };
    if (!this.store.transition(c.id, 'armed', 'triggered', rt)) return;
    this.log.info(`conditional ${c.id}: leg ${fired.leg} triggered: ${what}${fired.late ? ', late' : ''}`);
    if (this.o.crashAfterTrigger) process.kill(process.pid, 'SIGKILL');
    void this.firing.execute(c.id);
  }

  private poll(): void {
    if (this.closed) return;
    const armed = new Set(
      this.store
        .live()
        .filter((c) => c.status === 'armed')
        .map((c) => c.id),
    );
    for (const id of this.cursor.keys()) if (!armed.has(id)) this.cursor.delete(id);
    for (const symbol of this.backfillDue) {
      if (this.backfillRunning.has(symbol)) continue;
      this.backfillRunning.add(symbol);
      void this.enqueue(symbol, () => this.backfill(symbol)).finally(() =>
        this.backfillRunning.delete(symbol),
      );
    }
    for (const c of this.store.live()) {
      if (c.status === 'arming') void this.firing.setup(c.id);
      else if (c.status === 'triggered') void this.firing.execute(c.id);
      else void this.firing.follow(c.id);
    }
    this.refreshWatch();
  }

  /** Runs the arming checks; with `arm`, stores the definition (durably, before answering) and arms it. */
  async create(
    profileHeader: string | undefined,
    accountSeq: number | null,
    def: CondDefinition,
    arm: boolean,
  ): Promise<{ preview: ArmPreview; conditional?: Conditional }> {
    const profile = this.forwarder.resolveProfile(
      { method: 'POST', path: '/v2/orders', auth: 'private', limitClass: 'order', accountScope: 'account' },
      profileHeader,
    )!;
    // the engine watches the proxy's own upstream: a profile pinned elsewhere trades another market
    if (this.forwarder.upstreamFor(profile).restUrl !== this.forwarder.upstreamFor(undefined).restUrl) {
      const message =
        'conditional orders run on the proxy upstream only; this key profile is pinned to another exchange';
      return {
        preview: {
          ok: false,
          error: { code: 'UPSTREAM_NOT_WATCHED', message },
          orders: [],
          last: null,
          lastTradeId: 0,
          required: null,
        },
      };
    }
    // the freshest of the stream's last trade and a REST read: the checks judge against the market now
    const fetched = (await this.feed.recent(def.symbol, 1))?.[0] ?? null;
    const streamed = this.latest.get(def.symbol) ?? null;
    const latest = streamed && (!fetched || streamed.tradeId > fetched.tradeId) ? streamed : fetched;
    const preview = await previewArm(this.forwarder, profile.id, accountSeq, def, latest);
    if (!arm || !preview.ok) return { preview };
    const id = newId();
    const needsSetup = !!def.entry || def.legs.some((l) => l.kind === 'resting');
    const c = this.store.insert({
      id,
      profileId: profile.id,
      accountSeq,
      def,
      status: needsSetup ? 'arming' : 'armed',
      rt: {
        // the exchange's time of the last trade before arming: where a later gap in the trades starts
        watch:
          latest && latest.tradeId === preview.lastTradeId && latest.timestamp > 0
            ? { afterTradeId: preview.lastTradeId, afterAt: latest.timestamp, trail: [] }
            : { afterTradeId: preview.lastTradeId, trail: [] },
        legs: def.kind === 'bracket' ? [] : def.legs,
      },
    });
    this.log.info(`conditional ${id}: armed ${def.kind} on ${def.symbol}`);
    if (needsSetup) await this.firing.setup(id);
    this.refreshWatch();
    return { preview, conditional: this.store.get(id) ?? c };
  }

  /** Cancels an armed (or arming, or waiting) conditional; a triggered one can no longer be stopped. */
  async cancel(id: string): Promise<CommandResult> {
    const c = this.store.get(id);
    if (!c) return { ok: false, status: 404, code: 'NOT_FOUND', message: 'no such conditional order' };
    const rt = { ...c.rt, error: { code: 'USER_CANCELED', message: 'canceled by the user' } };
    if (!this.store.transition(id, ['arming', 'armed', 'entryOpen'], 'canceled', rt)) {
      const now = this.store.get(id)!;
      return {
        ok: false,
        status: 409,
        code: 'CONDITIONAL_NOT_CANCELABLE',
        message: `it is ${now.status} and can no longer be canceled`,
      };
    }
    await this.firing.cancelPartner(c);
    this.refreshWatch();
    return { ok: true, conditional: this.store.get(id)! };
  }

  /** Moves where an armed trigger leg fires (dragging its chart line), with the arming checks. */
  moveLevel(id: string, legIndex: number, level: string): Promise<CommandResult> {
    return moveTriggerLevel(
      {
        store: this.store,
        feed: this.feed,
        forwarder: this.forwarder,
        log: this.log,
        watchOf: (c) => this.cursor.get(c.id) ?? c.rt.watch,
      },
      id,
      legIndex,
      level,
    );
  }

  status(): CondEngineStatus {
    const live = this.store.live();
    return {
      // trades missed in a gap and not yet read back: the engine is not caught up
      marketData: this.feed.state === 'live' && this.backfillDue.size ? ('down' as const) : this.feed.state,
      reason:
        this.feed.reason ||
        (this.backfillDue.size ? 'recent trades could not be read after a gap' : undefined),
      lastFrameAt: this.feed.lastFrameAt || null,
      downSince: this.feed.state === 'live' || this.feed.state === 'idle' ? null : this.feed.downSince,
      live: live.length,
      backfillPending: [...this.backfillDue],
      symbols: [...new Set(live.map((c) => c.def.symbol))],
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.feed.close();
    await Promise.allSettled([...this.queues.values()]);
    this.flushCursors();
  }
}
