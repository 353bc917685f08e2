import type { CondDefinition } from '../../core/conditional/types.js';
import type { CondEngineStatus } from '../../core/conditional/wire.js';
import type { Forwarder } from '../forward/forwarder.js';
import type { Logger } from '../log.js';
import type { FeedTap, TradeFeed } from '../market/tradeFeed.js';
import type { Journal } from '../orders/journal.js';
import type { OrderPlacer } from '../orders/placer.js';
import type { ArmPreview } from './arm.js';
import { Backfill } from './backfill.js';
import { type CommandDeps, cancelConditional, createConditional } from './commands.js';
import { Cursors } from './cursors.js';
import { Firing } from './firing.js';
import { PendingGaps } from './gapCover.js';
import { TradeJudge } from './judging.js';
import { type CommandResult, moveTriggerLevel } from './move.js';
import type { Conditional, ConditionalStore } from './store.js';

export interface EngineOptions {
  pollMs?: number; // exchange order polling (entries, resting legs, retries), default 2000
  /** A crossing seen in a snapshot or backfill counts as late when it printed this long before (default 3000). */
  lateMs?: number;
  /** Test-only (env KAPI_TEST_CRASH=conditional-after-trigger): SIGKILL itself right after a trigger is stored. */
  crashAfterTrigger?: boolean;
  /** Longest time a judged-trade cursor stays unsaved when nothing else changed (default 5000). */
  cursorSaveMs?: number;
}

/**
 * The trigger engine: watches the public trade stream for the symbols of live conditional orders,
 * judges every trade once (a per-symbol queue: judging.ts), reads back gaps (backfill.ts), keeps
 * the judged-trade cursors (cursors.ts), polls the exchange for orders in flight (firing.ts) and
 * runs the user's commands (commands.ts, move.ts). Every step is a compare-and-set on the stored
 * status, so a trigger, a cancel and a restart can never place the same order twice.
 */
export class ConditionalEngine {
  /** Its view of the proxy's shared public trade stream. */
  readonly feed: FeedTap;
  private readonly queues = new Map<string, Promise<void>>();
  private readonly cursors: Cursors;
  private readonly judge: TradeJudge;
  private readonly backfill: Backfill;
  private readonly firing: Firing;
  private readonly commands: CommandDeps;
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
      latestTradeId: (symbol) => this.judge.latest(symbol)?.tradeId,
      closed: () => this.closed,
    });
    this.feed = feed.tap('conditional', {
      onTrades: (symbol, trades, gap) =>
        void this.enqueue(symbol, () => this.judge.judge(symbol, trades, gap)),
      onResync: (symbols) => {
        for (const s of symbols) void this.enqueue(s, () => this.backfill.run(s));
      },
    });
    const refreshWatch = () => this.refreshWatch();
    const pendingGaps = new PendingGaps();
    this.cursors = new Cursors(store, o.cursorSaveMs ?? 5000);
    this.judge = new TradeJudge({
      store,
      cursors: this.cursors,
      pendingGaps,
      firing: this.firing,
      log,
      lateMs: o.lateMs ?? 3000,
      crashAfterTrigger: o.crashAfterTrigger,
      refreshWatch,
    });
    this.backfill = new Backfill({
      feed: this.feed,
      store,
      cursors: this.cursors,
      pendingGaps,
      judge: this.judge,
    });
    this.commands = {
      store,
      forwarder,
      feed: this.feed,
      firing: this.firing,
      log,
      streamed: (symbol) => this.judge.latest(symbol),
      refreshWatch,
    };
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

  private poll(): void {
    if (this.closed) return;
    const armed = new Set(
      this.store
        .live()
        .filter((c) => c.status === 'armed')
        .map((c) => c.id),
    );
    this.cursors.keepOnly(armed);
    this.backfill.retryDue((symbol, job) => this.enqueue(symbol, job));
    for (const c of this.store.live()) {
      if (c.status === 'arming') void this.firing.setup(c.id);
      else if (c.status === 'triggered') void this.firing.execute(c.id);
      else void this.firing.follow(c.id);
    }
    this.refreshWatch();
  }

  /** Runs the arming checks; with `arm`, stores the definition (durably, before answering) and arms it. */
  create(
    profileHeader: string | undefined,
    accountSeq: number | null,
    def: CondDefinition,
    arm: boolean,
  ): Promise<{ preview: ArmPreview; conditional?: Conditional }> {
    return createConditional(this.commands, profileHeader, accountSeq, def, arm);
  }

  /** Cancels an armed (or arming, or waiting) conditional; a triggered one can no longer be stopped. */
  cancel(id: string): Promise<CommandResult> {
    return cancelConditional(this.commands, id);
  }

  /** Moves where an armed trigger leg fires (dragging its chart line), with the arming checks. */
  moveLevel(id: string, legIndex: number, level: string): Promise<CommandResult> {
    return moveTriggerLevel(
      {
        store: this.store,
        feed: this.feed,
        forwarder: this.forwarder,
        log: this.log,
        watchOf: (c) => this.cursors.of(c),
      },
      id,
      legIndex,
      level,
    );
  }

  status(): CondEngineStatus {
    const live = this.store.live();
    const backfillPending = this.backfill.pending();
    return {
      // trades missed in a gap and not yet read back: the engine is not caught up
      marketData: this.feed.state === 'live' && backfillPending.length ? ('down' as const) : this.feed.state,
      reason:
        this.feed.reason ||
        (backfillPending.length ? 'recent trades could not be read after a gap' : undefined),
      lastFrameAt: this.feed.lastFrameAt || null,
      downSince: this.feed.state === 'live' || this.feed.state === 'idle' ? null : this.feed.downSince,
      live: live.length,
      backfillPending,
      symbols: [...new Set(live.map((c) => c.def.symbol))],
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.feed.close();
    await Promise.allSettled([...this.queues.values()]);
    this.cursors.flush();
  }
}
