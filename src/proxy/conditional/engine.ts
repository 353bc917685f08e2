import { randomBytes } from 'node:crypto';
import { derivedClientOrderId, exitLegs, firedOrder, orderProgress } from '../../core/conditional/machine.js';
import { specParams } from '../../core/conditional/plan.js';
import { scanTrades } from '../../core/conditional/scan.js';
import type { CondDefinition, MarketTrade } from '../../core/conditional/types.js';
import type { Param } from '../../core/encode.js';
import { ProxyError } from '../errors.js';
import { envelopeErrorCode } from '../forward/envelope.js';
import type { Forwarder } from '../forward/forwarder.js';
import type { Journal } from '../journal/db.js';
import type { OrderPlacer } from '../journal/placer.js';
import type { Logger } from '../log.js';
import { type ArmPreview, previewArm } from './arm.js';
import { cancelOrder, getOrder, type Scope } from './exchange.js';
import { TradeFeed } from './feed.js';
import type { Conditional, ConditionalStore, Runtime } from './store.js';

export interface EngineOptions {
  pollMs?: number; // exchange order polling (entries, resting legs, retries), default 2000
  /** A crossing seen in a snapshot or backfill counts as late when it printed this long before (default 3000). */
  lateMs?: number;
  /** Test-only (env KAPI_TEST_CRASH=conditional-after-trigger): SIGKILL itself right after a trigger is stored. */
  crashAfterTrigger?: boolean;
  backoff?: { baseMs: number; capMs: number; pingMs?: number };
}

const newId = () => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
const scopeOf = (c: Conditional): Scope => ({
  profileId: c.profileId,
  accountSeq: c.accountSeq,
  symbol: c.def.symbol,
});

/**
 * The trigger engine: watches the public trade stream for the symbols of live conditional orders,
 * judges every trade once (a per-symbol queue), and fires through the order journal with a
 * derived clientOrderId. Every step is a compare-and-set on the stored status, so a trigger, a
 * cancel and a restart can never place the same order twice.
 */
export class ConditionalEngine {
  readonly feed: TradeFeed;
  private readonly queues = new Map<string, Promise<void>>();
  private readonly latest = new Map<string, MarketTrade>();
  private readonly busy = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly store: ConditionalStore,
    private readonly placer: OrderPlacer,
    private readonly journal: Journal,
    private readonly forwarder: Forwarder,
    private readonly log: Logger,
    private readonly o: EngineOptions = {},
  ) {
    this.feed = new TradeFeed(
      forwarder,
      log,
      {
        onTrades: (symbol, trades, gap) => void this.enqueue(symbol, () => this.judge(symbol, trades, gap)),
        onResync: (symbols) => {
          for (const s of symbols) void this.enqueue(s, () => this.backfill(s));
        },
      },
      o.backoff,
    );
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

  private async backfill(symbol: string): Promise<void> {
    const trades = await this.feed.recent(symbol);
    if (trades) await this.judge(symbol, trades, true);
  }

  /** Judges trades for every armed conditional of the symbol; the first firing leg wins. */
  private async judge(symbol: string, trades: MarketTrade[], gap: boolean): Promise<void> {
    this.noteLatest(symbol, trades);
    for (const c of this.store.live()) {
      if (c.def.symbol !== symbol || c.status !== 'armed') continue;
      const r = scanTrades(c.rt.legs, c.rt.watch, trades);
      if (!r.fire) {
        if (r.watch.afterTradeId !== c.rt.watch.afterTradeId)
          this.store.saveRuntime(c.id, 'armed', { ...c.rt, watch: r.watch });
        continue;
      }
      const { leg, trade } = r.fire;
      const late = gap && Date.now() - trade.timestamp > (this.o.lateMs ?? 3000);
      const fired = { leg, tradeId: trade.tradeId, price: trade.price, at: trade.timestamp, late };
      if (late && c.def.onGap === 'cancel') {
        const rt: Runtime = {
          ...c.rt,
          watch: r.watch,
          fired,
          error: {
            code: 'GAP_CROSSED',
            message: `crossed at ${trade.price} (trade ${trade.tradeId}) while market data was interrupted; canceled as chosen`,
          },
        };
        if (this.store.transition(c.id, 'armed', 'canceled', rt)) {
          this.log.info(`conditional ${c.id}: crossed during a gap, canceled (onGap=cancel)`);
          await this.cancelPartner(c);
        }
        continue;
      }
      const rt: Runtime = {
        ...c.rt,
        watch: r.watch,
        fired,
        clientOrderId: derivedClientOrderId(c.id, `leg${leg}`),
      };
      if (!this.store.transition(c.id, 'armed', 'triggered', rt)) continue;
      this.log.info(
        `conditional ${c.id}: leg ${leg} triggered at ${trade.price} (trade ${trade.tradeId}${late ? ', late' : ''})`,
      );
      if (this.o.crashAfterTrigger) process.kill(process.pid, 'SIGKILL');
      void this.execute(c.id);
    }
    this.refreshWatch();
  }

  private async cancelPartner(c: Conditional): Promise<void> {
    const id = c.rt.restingOrderId ?? (c.status === 'entryOpen' ? c.rt.entryOrderId : undefined);
    if (id === undefined) return;
    const r = await cancelOrder(this.forwarder, scopeOf(c), id);
    if (!r.ok) this.log.warn(`conditional ${c.id}: cancel of order ${id} failed: ${r.code}`);
  }

  /** An entry or resting order placed after its conditional was canceled: take it back off the book. */
  private async cancelStray(c: Conditional, orderId: number | string): Promise<void> {
    const r = await cancelOrder(this.forwarder, scopeOf(c), orderId);
    this.log.warn(
      `conditional ${c.id}: canceled while order ${orderId} was being placed; cancel ${r.ok ? 'sent' : `failed: ${r.code}`}`,
    );
  }

  private async once(id: string, job: () => Promise<void>): Promise<void> {
    if (this.busy.has(id) || this.closed) return;
    this.busy.add(id);
    try {
      await job();
    } catch (e) {
      this.log.error(`conditional ${id}: ${(e as Error).stack ?? e}`);
    } finally {
      this.busy.delete(id);
    }
  }

  /** Places the order of a triggered leg (after canceling a resting partner). Safe to repeat. */
  private execute(id: string): Promise<void> {
    return this.once(id, async () => {
      const c = this.store.get(id);
      if (c?.status !== 'triggered' || !c.rt.fired || !c.rt.clientOrderId) return;
      const leg = c.rt.legs[c.rt.fired.leg]!;
      let partnerFilled = c.rt.restingFilled ?? '0';
      if (c.rt.restingOrderId !== undefined) {
        const canceled = await cancelOrder(this.forwarder, scopeOf(c), c.rt.restingOrderId);
        if (!canceled.ok)
          return this.log.warn(`conditional ${id}: resting leg cancel failed (${canceled.code}); will retry`);
        const read = await getOrder(this.forwarder, scopeOf(c), c.rt.restingOrderId);
        if (!read.ok)
          return this.log.warn(`conditional ${id}: resting leg read failed (${read.code}); will retry`);
        const p = orderProgress(read.value);
        if (p.progress === 'open') return; // the cancel has not landed yet
        partnerFilled = p.filledQty;
      }
      const spec = firedOrder(leg, partnerFilled);
      if (!spec) {
        this.store.transition(id, 'triggered', 'completed', { ...c.rt, restingFilled: partnerFilled });
        return;
      }
      const known = this.journal.get(c.rt.clientOrderId);
      if (known?.state === 'placed' && known.orderId !== undefined) {
        this.store.transition(id, 'triggered', 'placed', { ...c.rt, orderId: known.orderId });
        return;
      }
      if (known?.state === 'failed' && known.error !== 'NOT_PLACED') {
        this.fail(c, 'triggered', known.error ?? 'FAILED', 'the exchange refused the order');
        return;
      }
      await this.placeOrder(c, spec, c.rt.clientOrderId, (orderId) =>
        this.store.transition(id, 'triggered', 'placed', { ...c.rt, restingFilled: partnerFilled, orderId }),
      );
    });
  }

  private async placeOrder(
    c: Conditional,
    spec: NonNullable<ReturnType<typeof firedOrder>>,
    clientOrderId: string,
    onPlaced: (orderId: number | string) => void,
  ): Promise<void> {
    const p = specParams(c.def.symbol, spec);
    const params: Param[] = Object.entries(p).map(([k, v]) => [k, String(v)]);
    if (c.accountSeq !== null) params.push(['accountSeq', String(c.accountSeq)]);
    params.push(['clientOrderId', clientOrderId]);
    try {
      const res = await this.placer.place(c.profileId, params);
      const orderId = (res.envelope.data as { orderId?: number | string } | undefined)?.orderId;
      if (res.envelope.success && orderId !== undefined) {
        onPlaced(orderId);
        this.log.info(`conditional ${c.id}: placed order ${orderId} (${clientOrderId})`);
        return;
      }
      const code = envelopeErrorCode(res.envelope) ?? `HTTP_${res.status}`;
      const desc = (res.envelope as { error?: { description?: string } }).error?.description;
      this.fail(c, c.status, code, desc ?? 'the exchange refused the order');
    } catch (e) {
      if (e instanceof ProxyError && e.code === 'ORDER_STATE_UNKNOWN') {
        this.log.warn(`conditional ${c.id}: order ${clientOrderId} state unknown; will look again`);
        return;
      }
      const code = e instanceof ProxyError ? e.code : 'INTERNAL_ERROR';
      this.fail(c, c.status, code, e instanceof ProxyError ? (e.description ?? code) : String(e));
    }
  }

  private fail(c: Conditional, from: Conditional['status'], code: string, message: string): void {
    if (this.store.transition(c.id, from, 'failed', { ...c.rt, error: { code, message } }))
      this.log.warn(`conditional ${c.id}: failed ${code}`);
  }

  /** Places a bracket's entry or an OCO's resting leg (derived clientOrderId: a repeat finds the same order). */
  private setup(id: string): Promise<void> {
    return this.once(id, async () => {
      const c = this.store.get(id);
      if (c?.status !== 'arming') return;
      if (c.def.entry) {
        await this.placeOrder(c, c.def.entry, derivedClientOrderId(id, 'entry'), (orderId) => {
          if (!this.store.transition(id, 'arming', 'entryOpen', { ...c.rt, entryOrderId: orderId }))
            void this.cancelStray(c, orderId);
        });
        return;
      }
      const resting = c.def.legs.find((l) => l.kind === 'resting');
      if (!resting) {
        this.store.transition(id, 'arming', 'armed', c.rt);
        return;
      }
      await this.placeOrder(c, resting.order, derivedClientOrderId(id, 'resting'), (orderId) => {
        if (!this.store.transition(id, 'arming', 'armed', { ...c.rt, restingOrderId: orderId }))
          void this.cancelStray(c, orderId);
      });
    });
  }

  /** Follows exchange orders the engine depends on: a bracket's entry, an OCO's resting leg. */
  private follow(id: string): Promise<void> {
    return this.once(id, async () => {
      const c = this.store.get(id);
      if (!c) return;
      if (c.status === 'entryOpen' && c.rt.entryOrderId !== undefined) {
        const r = await getOrder(this.forwarder, scopeOf(c), c.rt.entryOrderId);
        if (!r.ok) return;
        const p = orderProgress(r.value);
        if (p.progress === 'open') return;
        if (p.progress === 'closed' && !(Number(p.filledQty) > 0)) {
          this.store.transition(id, 'entryOpen', 'canceled', {
            ...c.rt,
            error: {
              code: 'ENTRY_CLOSED',
              message: `entry order ${c.rt.entryOrderId} closed unfilled (${r.value.status})`,
            },
          });
          return;
        }
        const after = this.latest.get(c.def.symbol)?.tradeId ?? c.rt.watch.afterTradeId;
        this.store.transition(id, 'entryOpen', 'armed', {
          ...c.rt,
          legs: exitLegs(c.def, p.filledQty),
          watch: { afterTradeId: after, trail: [] },
        });
        this.log.info(`conditional ${id}: entry filled ${p.filledQty}; exits armed as OCO`);
        return;
      }
      if (c.status === 'armed' && c.rt.restingOrderId !== undefined) {
        const r = await getOrder(this.forwarder, scopeOf(c), c.rt.restingOrderId);
        if (!r.ok) return;
        const p = orderProgress(r.value);
        if (p.progress === 'open') {
          if (p.filledQty !== (c.rt.restingFilled ?? '0'))
            this.store.saveRuntime(id, 'armed', { ...c.rt, restingFilled: p.filledQty });
          return;
        }
        const rt = { ...c.rt, restingFilled: p.filledQty };
        if (p.progress === 'filled') this.store.transition(id, 'armed', 'completed', rt);
        else
          this.store.transition(id, 'armed', 'canceled', {
            ...rt,
            error: {
              code: 'RESTING_LEG_CLOSED',
              message: `resting order ${c.rt.restingOrderId} was ${r.value.status} on the exchange`,
            },
          });
      }
    });
  }

  private poll(): void {
    if (this.closed) return;
    for (const c of this.store.live()) {
      if (c.status === 'arming') void this.setup(c.id);
      else if (c.status === 'triggered') void this.execute(c.id);
      else void this.follow(c.id);
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
        watch: { afterTradeId: preview.lastTradeId, trail: [] },
        legs: def.kind === 'bracket' ? [] : def.legs,
      },
    });
    this.log.info(`conditional ${id}: armed ${def.kind} on ${def.symbol}`);
    if (needsSetup) await this.setup(id);
    this.refreshWatch();
    return { preview, conditional: this.store.get(id) ?? c };
  }

  /** Cancels an armed (or arming, or waiting) conditional; a triggered one can no longer be stopped. */
  async cancel(
    id: string,
  ): Promise<
    { ok: true; conditional: Conditional } | { ok: false; status: number; code: string; message: string }
  > {
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
    await this.cancelPartner(c);
    this.refreshWatch();
    return { ok: true, conditional: this.store.get(id)! };
  }

  /** Moves the level of an armed cross-trigger leg (dragging its chart line), with the arming checks. */
  async moveLevel(
    id: string,
    legIndex: number,
    level: string,
  ): Promise<
    { ok: true; conditional: Conditional } | { ok: false; status: number; code: string; message: string }
  > {
    const c = this.store.get(id);
    if (!c) return { ok: false, status: 404, code: 'NOT_FOUND', message: 'no such conditional order' };
    const leg = c.rt.legs[legIndex];
    const defLeg = c.def.legs[legIndex];
    if (
      c.status !== 'armed' ||
      leg?.kind !== 'trigger' ||
      leg.trigger.type !== 'cross' ||
      defLeg?.kind !== 'trigger'
    )
      return {
        ok: false,
        status: 409,
        code: 'CONDITIONAL_NOT_MOVABLE',
        message: 'only an armed price trigger can be moved',
      };
    const moved = <L extends typeof leg>(l: L): L => ({ ...l, trigger: { ...l.trigger, level } });
    const def: CondDefinition = {
      ...c.def,
      legs: c.def.legs.map((l, i) => (i === legIndex ? moved(defLeg) : l)),
    };
    const fetched = (await this.feed.recent(def.symbol, 1))?.[0] ?? null;
    const preview = await previewArm(this.forwarder, c.profileId, c.accountSeq, def, fetched);
    // the balance is already committed (a resting leg holds it, or the entry bought it)
    if (!preview.ok && preview.error?.code !== 'NO_BALANCE')
      return {
        ok: false,
        status: 400,
        code: preview.error?.code ?? 'BAD_REQUEST',
        message: preview.error?.message ?? '',
      };
    const rt: Runtime = { ...c.rt, legs: c.rt.legs.map((l, i) => (i === legIndex ? moved(leg) : l)) };
    if (!this.store.amend(id, 'armed', def, rt))
      return {
        ok: false,
        status: 409,
        code: 'CONDITIONAL_NOT_MOVABLE',
        message: 'it changed state meanwhile',
      };
    this.log.info(`conditional ${id}: leg ${legIndex} moved to ${level}`);
    return { ok: true, conditional: this.store.get(id)! };
  }

  status() {
    const live = this.store.live();
    return {
      marketData: this.feed.state,
      reason: this.feed.reason || undefined,
      lastFrameAt: this.feed.lastFrameAt || null,
      downSince: this.feed.state === 'live' || this.feed.state === 'idle' ? null : this.feed.downSince,
      live: live.length,
      symbols: [...new Set(live.map((c) => c.def.symbol))],
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.feed.close();
    await Promise.allSettled([...this.queues.values()]);
  }
}
