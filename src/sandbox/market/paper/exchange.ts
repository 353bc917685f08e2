/**
 * SourcedExchange: the sandbox's exchange on an external market source (paper mode; contract in
 * ../source.ts, rules in docs/sandbox.md "Paper mode" and rules.ts). Orders, balances, funding and
 * the private streams are the Exchange's own; the public market is the source's:
 * - reads (book, trades, tickers, candles) come from the source, the book merged with the sandbox's
 *   resting orders and less what the sandbox's takers consumed since the source's last snapshot;
 * - a placement sees the source levels it can reach (injected by the counterparty for that moment),
 *   is matched by the engine, and what it took is consumed;
 * - each NEW source trade fills resting orders (allocateTrade) through a counterparty IOC order;
 * - `publicBus` carries what the public streams hear: source snapshots and trades, the sandbox's
 *   book and market changes, and every private event; the sandbox's own paper fills are not public.
 */
import { EventEmitter } from 'node:events';
import type { OrderParamsInput } from '../../../core/orderRules.js';
import type { SandboxBus, SandboxContext } from '../../context.js';
import { priceToInt, qtyToInt } from '../../engine/units.js';
import { isOpen } from '../../exchange/orderState.js';
import { Exchange } from '../../exchange/service.js';
import type { Candle, Orderbook, OrderRecord, PublicTrade, Result, Ticker } from '../../types.js';
import type { ExternalMarketSource, IntLevel, SourceBook } from '../source.js';
import { bookOf, OWN_DEPTH, servedSide } from './bookView.js';
import { candleKey } from './candleKey.js';
import { Counterparty } from './counterparty.js';
import { injectionFor } from './injection.js';
import { syncMarkets } from './marketSync.js';
import { QueueAhead } from './queue.js';
import {
  allocateTrade,
  type Consumption,
  consume,
  newConsumption,
  qtyAt,
  queueAhead,
  type RestingPaperOrder,
  remainingLevels,
} from './rules.js';

const FORWARDED = ['book', 'market', 'order', 'myTrade', 'asset', 'prevented'] as const;
const CANDLE_TTL_MS = 5000;

export class SourcedExchange extends Exchange {
  source!: ExternalMarketSource;
  readonly publicBus = new EventEmitter() as SandboxBus;
  private ctx!: SandboxContext;
  private cp!: Counterparty;
  private queue!: QueueAhead;
  private readonly consumed = new Map<string, Consumption>();
  private readonly candleCache = new Map<string, { at: number; value: Candle[] }>();
  private unlisten: Array<() => void> = [];
  /** Between attach and detach every user's placement passes through the source (placeParams). */
  private attached = false;

  /** Wires the source in (after the context exists): counterparty, queue, events, market sync. */
  attach(ctx: SandboxContext, source: ExternalMarketSource): void {
    this.ctx = ctx;
    this.source = source;
    this.publicBus.setMaxListeners(0);
    this.cp = new Counterparty(this);
    const left = this.cp.withdrawAll();
    if (left > 0) ctx.options.log(`paper: withdrew ${left} counterparty orders left by a previous run`);
    this.queue = new QueueAhead(this.store.db);
    this.attached = true;
    for (const ev of FORWARDED) {
      const fn = (p: unknown) => (this.publicBus.emit as (e: string, p: unknown) => boolean)(ev, p);
      ctx.bus.on(ev, fn);
      this.unlisten.push(() => ctx.bus.off(ev, fn));
    }
    const onOrder = (e: { order: OrderRecord }) => {
      if (!isOpen(e.order)) this.queue.delete(e.order.orderId);
    };
    ctx.bus.on('order', onOrder);
    this.unlisten.push(() => ctx.bus.off('order', onOrder));
    this.unlisten.push(
      source.listen({
        onBook: (symbol) => this.publicBus.emit('book', { symbol }),
        onTicker: (symbol) => this.publicBus.emit('book', { symbol }),
        onTrades: (symbol, trades) => this.onSourceTrades(symbol, trades),
        onMarkets: () => this.syncMarkets(),
      }),
    );
    // pairs with resting orders are followed from the start (their fills come from source trades)
    for (const o of this.trading.open.values()) if (o.userId !== this.cp.userId) source.touch(o.symbol);
  }

  detach(): void {
    this.attached = false;
    for (const f of this.unlisten) f();
    this.unlisten = [];
  }

  syncMarkets(): void {
    try {
      const n = syncMarkets(this, this.source.markets(), this.now());
      if (n > 0) this.ctx.options.log(`paper: ${n} pairs updated from the source`);
      for (const o of this.trading.open.values())
        if (o.userId !== this.cp.userId) this.source.touch(o.symbol);
    } catch (e) {
      this.ctx.options.log(`paper: market sync failed: ${(e as Error).message}`);
    }
  }

  // ---- the served market ----

  private consumptionOf(symbol: string, src: SourceBook | undefined): Consumption {
    const seq = src?.seq ?? 0;
    let c = this.consumed.get(symbol);
    if (!c || c.seq !== seq) {
      c = newConsumption(seq);
      this.consumed.set(symbol, c);
    }
    return c;
  }

  /** Remaining source levels of a pair (after consumption), best first. */
  private remaining(symbol: string): { src: SourceBook | undefined; bids: IntLevel[]; asks: IntLevel[] } {
    const src = this.source.book(symbol);
    const c = this.consumptionOf(symbol, src);
    return {
      src,
      bids: remainingLevels(src?.bids ?? [], c.bids),
      asks: remainingLevels(src?.asks ?? [], c.asks),
    };
  }

  private served(symbol: string, depth: number): { bids: IntLevel[]; asks: IntLevel[] } {
    const r = this.remaining(symbol);
    const own = this.trading.book(symbol);
    const cap = Number.isFinite(depth) ? depth : Number.MAX_SAFE_INTEGER;
    return {
      bids: servedSide(r.bids, own.depth('buy', OWN_DEPTH), 'buy', cap),
      asks: servedSide(r.asks, own.depth('sell', OWN_DEPTH), 'sell', cap),
    };
  }

  override getOrderbook(symbol: string, depth = Number.POSITIVE_INFINITY, level?: string): Orderbook {
    this.source.touch(symbol);
    const s = this.served(symbol, level ? Number.POSITIVE_INFINITY : depth);
    return bookOf(this.now(), s.bids, s.asks, depth, level);
  }

  override getTrades(symbol: string, limit: number): PublicTrade[] {
    this.source.touch(symbol);
    return this.source.trades(symbol, limit);
  }

  override getTicker(symbol: string): Ticker {
    const t = this.source.ticker(symbol) ?? super.getTicker(symbol);
    if (!this.source.book(symbol)) return { ...t, symbol };
    const s = this.served(symbol, 1);
    const ob = bookOf(this.now(), s.bids, s.asks, 1);
    return { ...t, symbol, bestBidPrice: ob.bids[0]?.price ?? '0', bestAskPrice: ob.asks[0]?.price ?? '0' };
  }

  override getCandles(
    symbol: string,
    interval: string,
    opts: { start?: number; end?: number; limit: number },
  ): Candle[] {
    const hit = this.candleCache.get(candleKey(symbol, interval, opts));
    if (hit && this.now() - hit.at < CANDLE_TTL_MS) return hit.value;
    void this.prefetchCandles(symbol, interval, opts);
    return hit?.value ?? [];
  }

  /** Reads candles from the source into the cache getCandles answers from (the HTTP front awaits it). */
  async prefetchCandles(
    symbol: string,
    interval: string,
    opts: { start?: number; end?: number; limit: number },
  ): Promise<Result<Candle[]>> {
    const r = await this.source.candles(symbol, interval, opts);
    if (r.ok && Array.isArray(r.value)) {
      if (this.candleCache.size > 500) this.candleCache.clear();
      this.candleCache.set(candleKey(symbol, interval, opts), { at: this.now(), value: r.value });
    }
    return r;
  }

  // ---- orders ----

  /** Every user placement (REST's and placeOrder's) meets the source levels it can reach: see above. */
  override placeParams(
    userId: number,
    seq: number,
    symbol: string,
    p: OrderParamsInput,
  ): Result<OrderRecord> {
    const next = () => super.placeParams(userId, seq, symbol, p);
    const m = this.markets.get(symbol);
    if (!this.attached || !this.cp || userId === this.cp.userId || !m) return next();
    const { src, bids, asks } = this.remaining(symbol);
    if (!src) {
      this.source.touch(symbol);
      const st = this.source.status();
      return {
        ok: false,
        error: {
          status: 503,
          code: st.state === 'unreachable' ? 'PAPER_SOURCE_UNREACHABLE' : 'PAPER_MARKET_NOT_READY',
          description: `The paper market of ${symbol} has no order book from the source yet.`,
        },
      };
    }
    const c = this.consumptionOf(symbol, src);
    const bestNth = p.bestNth !== undefined && /^\d{1,2}$/.test(p.bestNth) ? Number(p.bestNth) : undefined;
    const inj =
      p.side === 'buy' || p.side === 'sell'
        ? injectionFor({ ...p, side: p.side, orderType: p.orderType ?? '', bestNth }, bids, asks)
        : { side: 'buy' as const, levels: [] };
    let result: Result<OrderRecord> = { ok: false, error: { status: 500, code: 'INTERNAL_ERROR' } };
    this.ctx.store.tx(() => {
      const now = this.now();
      const placed =
        inj.levels.length === 0
          ? []
          : this.commit.run(() =>
              inj.levels.map(([lp, q]) => ({ p: lp, st: this.cp.place(m, inj.side, lp, q, 'po', now) })),
            );
      result = next();
      if (placed.length > 0) {
        this.commit.run(() => {
          for (const x of placed) {
            consume(c, inj.side === 'sell' ? 'asks' : 'bids', x.p, x.st.filledQtyU);
            this.cp.withdraw(x.st, now);
          }
        });
      }
      if (result.ok && isOpen(result.value)) this.recordQueue(result.value);
    });
    return result;
  }

  /** The queue ahead of an order that now rests: the source's remaining size at its price. */
  private recordQueue(o: OrderRecord): void {
    const st = this.trading.open.get(o.orderId);
    if (!st || st.priceInt === undefined) return;
    const r = this.remaining(o.symbol);
    const visible = qtyAt(o.side === 'buy' ? r.bids : r.asks, st.priceInt);
    const older: Array<{ ahead: number }> = [];
    for (const x of this.trading.open.values()) {
      if (
        x.symbol === o.symbol &&
        x.side === o.side &&
        x.priceInt === st.priceInt &&
        x.orderId < o.orderId &&
        this.queue.has(x.orderId)
      )
        older.push({ ahead: this.queue.get(x.orderId) });
    }
    this.queue.set(o.orderId, queueAhead(visible, older));
  }

  private restingOf(symbol: string): RestingPaperOrder[] {
    const out: RestingPaperOrder[] = [];
    for (const o of this.trading.open.values()) {
      if (o.symbol !== symbol || o.userId === this.cp.userId || o.priceInt === undefined || o.remaining <= 0)
        continue;
      out.push({
        orderId: o.orderId,
        side: o.side,
        price: o.priceInt,
        remaining: o.remaining,
        ahead: this.queue.get(o.orderId),
      });
    }
    return out;
  }

  /** New source trades (oldest first): resting fills, then the public trade events. */
  private onSourceTrades(symbol: string, trades: PublicTrade[]): void {
    const m = this.markets.get(symbol);
    if (m && this.cp) {
      for (const t of trades) {
        const price = priceToInt(t.price);
        const qty = qtyToInt(t.qty);
        if (price === null || qty === null || price <= 0 || qty <= 0) continue;
        const resting = this.restingOf(symbol);
        if (resting.length === 0) break;
        const a = allocateTrade(resting, { price, qty });
        for (const [id, ahead] of a.ahead) this.queue.set(id, ahead);
        if (a.side === null || a.fills.length === 0) continue;
        const total = a.fills.reduce((s, f) => s + f.qty, 0);
        const limit = a.fills[a.fills.length - 1]!.price;
        const botSide = a.side === 'buy' ? 'sell' : 'buy';
        try {
          this.ctx.store.tx(() => {
            const st = this.commit.run(() => this.cp.place(m, botSide, limit, total, 'ioc', this.now()));
            if (st.filledQtyU !== total)
              this.ctx.options.log(`paper: ${symbol} trade fill ${st.filledQtyU} of ${total} allocated`);
          });
        } catch (e) {
          this.ctx.options.log(`paper: ${symbol} resting fill failed: ${(e as Error).message}`);
        }
      }
    }
    for (const trade of trades) this.publicBus.emit('trade', { symbol, trade });
  }
}
