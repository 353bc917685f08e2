import { randomBytes } from 'node:crypto';
import { scanAlertBars } from '../../core/alerts/bars.js';
import { initialState, scanAlert } from '../../core/alerts/evaluate.js';
import type { AlertPatch } from '../../core/alerts/schema.js';
import type {
  AlertDef,
  AlertEngineStatus,
  AlertEvent,
  AlertFire,
  AlertState,
  MarketTrade,
} from '../../core/alerts/types.js';
import type { Logger } from '../log.js';
import { gapCandles } from '../market/gapCandles.js';
import type { FeedTap, TradeFeed } from '../market/tradeFeed.js';
import type { Alert, AlertStore } from './store.js';

const newId = () => `a${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
const MAX_ALERTS = 500;

export type AlertResult =
  | { ok: true; alert: Alert }
  | { ok: false; status: number; code: string; message: string };

/**
 * Evaluates price alerts in the proxy, so they fire while no tab is open. It taps the proxy's one
 * public trade stream (`TradeFeed`, shared with the conditional engine) for every symbol that has an
 * active alert; a reopened stream is backfilled by REST. Trades of a symbol are judged in order on a
 * per-symbol queue; the rolling windows of %-move alerts live in memory (rebuilt from the backfill).
 */
export class AlertEngine {
  /** Its view of the proxy's shared public trade stream. */
  readonly feed: FeedTap;
  private readonly queues = new Map<string, Promise<void>>();
  private readonly states = new Map<string, AlertState>();
  private readonly latest = new Map<string, number>();
  private closed = false;

  constructor(
    private readonly store: AlertStore,
    feed: TradeFeed,
    private readonly log: Logger,
  ) {
    this.feed = feed.tap('alerts', {
      onTrades: (symbol, trades) => void this.enqueue(symbol, async () => this.judge(symbol, trades)),
      onResync: (symbols) => {
        for (const s of symbols) void this.enqueue(s, () => this.backfill(s));
      },
    });
  }

  start(): void {
    this.refreshWatch();
  }

  private enqueue(symbol: string, job: () => Promise<void>): Promise<void> {
    const next = (this.queues.get(symbol) ?? Promise.resolve())
      .then(job)
      .catch((e) => this.log.error(`alerts ${symbol}: ${(e as Error).message}`));
    this.queues.set(symbol, next);
    return next;
  }

  private refreshWatch(): void {
    if (this.closed) return;
    this.feed.watch(new Set(this.store.active().map((a) => a.def.symbol)));
  }

  private async backfill(symbol: string): Promise<void> {
    const trades = await this.feed.recent(symbol);
    if (!trades) return;
    await this.coverGap(symbol, trades);
    this.judge(symbol, trades);
  }

  /**
   * When all 500 trades read back are newer than what a level alert judged, the trades between were
   * never seen: the candles of that stretch are judged (core/alerts/bars.ts; a failed read leaves it).
   */
  private async coverGap(symbol: string, trades: readonly MarketTrade[]): Promise<void> {
    const items = this.store
      .active()
      .filter((a) => a.def.symbol === symbol && a.def.condition.type !== 'move')
      .map((a) => {
        const st = this.states.get(a.id) ?? a.state;
        return { item: { a, st }, afterTradeId: st.afterTradeId, from: st.afterAt ?? st.since };
      });
    const got = await gapCandles(this.feed, symbol, trades, items);
    if (!got) return;
    for (const {
      item: { a, st },
      bars,
    } of got.open) {
      const r = scanAlertBars(a.def, st, bars, got.interval);
      this.states.set(a.id, r.state);
      if (r.fires.length) this.record(a, r.state, r.fires);
      else if (r.state.armed !== st.armed) this.store.saveState(a.id, r.state);
    }
  }

  private judge(symbol: string, trades: MarketTrade[]): void {
    for (const t of trades)
      if (t.tradeId > (this.latest.get(symbol) ?? 0)) this.latest.set(symbol, t.tradeId);
    for (const a of this.store.active()) {
      if (a.def.symbol !== symbol) continue;
      const before = this.states.get(a.id) ?? a.state;
      const r = scanAlert(a.def, before, trades);
      this.states.set(a.id, r.state);
      if (r.fires.length === 0) {
        if (r.state.afterTradeId !== before.afterTradeId) this.store.saveState(a.id, r.state);
        continue;
      }
      this.record(a, r.state, r.fires);
    }
  }

  private record(a: Alert, state: AlertState, fires: readonly AlertFire[]): void {
    const status = a.def.repeat ? 'active' : 'triggered';
    const events = fires.map((f) => ({
      condition: a.def.condition,
      price: f.price,
      tradeId: f.tradeId,
      at: f.at,
      ...(f.from !== undefined ? { from: f.from } : {}),
      ...(f.changePct !== undefined ? { changePct: f.changePct } : {}),
      ...(f.bars !== undefined ? { bars: f.bars } : {}),
      ...(a.def.note ? { note: a.def.note } : {}),
    }));
    this.store.recordFires(a, state, status, events);
    this.log.info(
      `alert ${a.id} ${a.def.symbol}: fired ${events.length}x at ${events[events.length - 1]!.price}${fires[0]?.bars ? ' (from candles)' : ''}`,
    );
    if (status === 'triggered') {
      this.states.delete(a.id);
      this.refreshWatch();
    }
  }

  /** A fresh state from now on: only trades printed after this moment (and after the last seen id) count. */
  private fresh(symbol: string): AlertState {
    return initialState(Date.now(), this.latest.get(symbol) ?? 0);
  }

  create(def: AlertDef): AlertResult {
    if (this.store.list().length >= MAX_ALERTS)
      return { ok: false, status: 409, code: 'TOO_MANY_ALERTS', message: `at most ${MAX_ALERTS} alerts` };
    const alert = this.store.insert(newId(), def, this.fresh(def.symbol));
    this.refreshWatch();
    return { ok: true, alert };
  }

  edit(id: string, p: AlertPatch): AlertResult {
    const a = this.store.get(id);
    if (!a) return { ok: false, status: 404, code: 'ALERT_NOT_FOUND', message: 'no alert with that id' };
    const def: AlertDef = {
      ...a.def,
      ...(p.condition ? { condition: p.condition } : {}),
      ...(p.repeat !== undefined ? { repeat: p.repeat } : {}),
      ...(p.cooldownSec !== undefined ? { cooldownSec: p.cooldownSec } : {}),
      ...(p.note !== undefined ? { note: p.note } : {}),
    };
    if (p.note === '') delete def.note;
    const changed = p.condition !== undefined || p.repeat !== undefined || p.cooldownSec !== undefined;
    // disabling stops it; enabling, or changing what it watches, re-arms it from now
    const status = p.enabled === false ? 'disabled' : p.enabled === true || changed ? 'active' : a.status;
    const rearm = status === 'active' && (a.status !== 'active' || changed);
    const state = rearm ? this.fresh(def.symbol) : a.state;
    this.states.delete(id);
    const alert = this.store.update(id, def, status, state)!;
    this.refreshWatch();
    return { ok: true, alert };
  }

  remove(id: string): boolean {
    const ok = this.store.remove(id);
    this.states.delete(id);
    if (ok) this.refreshWatch();
    return ok;
  }

  events(since: number): AlertEvent[] {
    return this.store.eventsSince(since);
  }

  status(): AlertEngineStatus {
    return {
      feed: this.feed.state,
      ...(this.feed.reason ? { reason: this.feed.reason } : {}),
      lastFrameAt: this.feed.lastFrameAt || null,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.feed.close();
    await Promise.all([...this.queues.values()]);
  }
}
