// Judging trades against armed conditionals: live frames, trades of gaps never seen, candles that
// covered a gap; a leg that fires is placed through the journal with a derived clientOrderId (or,
// seen late with onGap=cancel, canceled). Every step is a compare-and-set on the stored status.
import { derivedClientOrderId } from '../../core/clientOrderId.js';
import { scanTrades, type WatchState } from '../../core/conditional/scan.js';
import type { MarketTrade } from '../../core/conditional/types.js';
import type { CondFired } from '../../core/conditional/wire.js';
import type { Logger } from '../log.js';
import type { Cursors } from './cursors.js';
import type { Firing } from './firing.js';
import { type GapVerdict, type PendingGaps, unseenTrades } from './gapCover.js';
import type { Conditional, ConditionalStore, Runtime } from './store.js';

export interface JudgeDeps {
  store: ConditionalStore;
  cursors: Cursors;
  pendingGaps: PendingGaps;
  firing: Firing;
  log: Logger;
  /** A crossing seen in a snapshot or backfill counts as late when it printed this long before. */
  lateMs: number;
  crashAfterTrigger?: boolean;
  /** Called after each judged frame: the symbols watched follow the live conditionals. */
  refreshWatch: () => void;
}

export class TradeJudge {
  private readonly latestTrade = new Map<string, MarketTrade>();

  constructor(private readonly d: JudgeDeps) {}

  /** The newest trade seen on the stream for a symbol. */
  latest(symbol: string): MarketTrade | undefined {
    return this.latestTrade.get(symbol);
  }

  private noteLatest(symbol: string, trades: readonly MarketTrade[]): void {
    for (const t of trades) {
      const cur = this.latestTrade.get(symbol);
      if (!cur || t.tradeId > cur.tradeId) this.latestTrade.set(symbol, t);
    }
  }

  /** Judges trades for every armed conditional of the symbol; the first firing leg wins. */
  async judge(symbol: string, trades: MarketTrade[], gap: boolean): Promise<void> {
    const { store, cursors, pendingGaps } = this.d;
    this.noteLatest(symbol, trades);
    for (const c of store.live()) {
      if (c.def.symbol !== symbol || c.status !== 'armed') continue;
      const before = cursors.of(c);
      pendingGaps.sawLive(c.id, trades, before.afterTradeId);
      const r = scanTrades(c.rt.legs, before, trades);
      if (!r.fire) {
        cursors.keep(c, r.watch);
        continue;
      }
      const { leg, trade } = r.fire;
      const late = gap && Date.now() - trade.timestamp > this.d.lateMs;
      const fired = { leg, tradeId: trade.tradeId, price: trade.price, at: trade.timestamp, late };
      await this.fireLeg(c, r.watch, fired, `crossed at ${trade.price} (trade ${trade.tradeId})`);
    }
    this.d.refreshWatch();
  }

  /** The trades of pending gaps never judged, from where each conditional stood; a firing is late. */
  async judgeUnseen(pending: ReturnType<PendingGaps['take']>, trades: readonly MarketTrade[]): Promise<void> {
    for (const p of pending) {
      const c = this.d.store.get(p.id);
      if (c?.status !== 'armed') continue;
      const r = scanTrades(c.rt.legs, p.watch, unseenTrades(p, trades));
      if (!r.fire) continue;
      const { leg, trade } = r.fire;
      const fired = { leg, tradeId: trade.tradeId, price: trade.price, at: trade.timestamp, late: true };
      const what = `crossed at ${trade.price} (trade ${trade.tradeId})`;
      await this.fireLeg(c, this.d.cursors.of(c), fired, what);
    }
  }

  /** A leg the candles of a gap show crossed: fired late. */
  async fireFromBars(v: GapVerdict): Promise<void> {
    const c = this.d.store.get(v.c.id);
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
    await this.fireLeg(c, this.d.cursors.of(c), fired, `reached ${price} in ${when}`);
  }

  /** A leg fired: placed through the journal, or, when seen late and the order says so, canceled. */
  private async fireLeg(c: Conditional, watch: WatchState, fired: CondFired, what: string): Promise<void> {
    const { store, firing, log } = this.d;
    this.d.cursors.forget(c.id);
    this.d.pendingGaps.forget(c.id);
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
      if (store.transition(c.id, 'armed', 'canceled', rt)) {
        log.info(`conditional ${c.id}: crossed during a gap, canceled (onGap=cancel)`);
        await firing.cancelPartner(c);
      }
      return;
    }
    const rt: Runtime = {
      ...c.rt,
      watch,
      fired,
      clientOrderId: derivedClientOrderId(c.id, `leg${fired.leg}`),
    };
    if (!store.transition(c.id, 'armed', 'triggered', rt)) return;
    log.info(`conditional ${c.id}: leg ${fired.leg} triggered: ${what}${fired.late ? ', late' : ''}`);
    if (this.d.crashAfterTrigger) process.kill(process.pid, 'SIGKILL');
    void firing.execute(c.id);
  }
}
