// One simulated market: a market maker keeping a two-sided ladder around the fair price and a
// crowd of takers (takers.ts: Poisson arrivals scaled by the activity regime, trend-biased sides,
// occasional large orders). Everything goes through the exchange service, so user orders trade against them.
// Step-based and seeded: the same seed and the same exchange state give the same orders.
import type { ExchangeService, MarketInfo, OrderRecord } from '../context.js';
import { levelQty, targetLadder } from './ladder.js';
import type { SimParams } from './params.js';
import { PriceProcess } from './priceProcess.js';
import type { Rng } from './prng.js';
import { runTakers } from './takers.js';
import { TickGrid } from './ticks.js';

export type SimExchange = Pick<ExchangeService, 'placeOrder' | 'cancelOrder' | 'cancelAll' | 'getMarket'>;

const MAX_PLACEMENTS_PER_STEP = 24;
const MAX_PER_SIDE = 40;
const CLOSED = new Set(['filled', 'canceled', 'partiallyFilledCanceled', 'expired']);

interface Resting {
  orderId: number;
  side: 'buy' | 'sell';
}

export interface PairSimStatus {
  symbol: string;
  enabled: boolean;
  fairPrice: string;
  regime: string;
  makerOrders: number;
  steps: number;
  takerOrders: number;
  errors: number;
  lastError?: string;
}

export class PairSim {
  readonly symbol: string;
  enabled = true;
  private grid: TickGrid;
  private policyKey: string;
  private readonly proc: PriceProcess;
  private readonly rng: Rng;
  /** Maker orders by scaled price. */
  private resting = new Map<number, Resting>();
  private byId = new Map<number, number>();
  private steps = 0;
  private takerOrders = 0;
  private errors = 0;
  private lastError: string | undefined;
  private lastTradeScaled: number | null = null;
  private tradeSinceStep = false;
  /** Price the far-level spacing is based on; reset when the price moved more than 20 %. */
  private farBase = 0;

  constructor(
    private readonly ex: SimExchange,
    market: MarketInfo,
    private readonly params: SimParams,
    rng: Rng,
    private readonly makerUser: number,
    private readonly takerUser: number,
    startPrice: string,
  ) {
    this.symbol = market.symbol;
    this.grid = new TickGrid(market.tickSizePolicy);
    this.policyKey = JSON.stringify(market.tickSizePolicy);
    this.rng = rng;
    this.proc = new PriceProcess(Number(startPrice), params, rng.fork('fair'));
  }

  status(): PairSimStatus {
    return {
      symbol: this.symbol,
      enabled: this.enabled,
      fairPrice: this.grid.toDec(this.grid.snap(this.proc.price)),
      regime: this.proc.regime,
      makerOrders: this.resting.size,
      steps: this.steps,
      takerOrders: this.takerOrders,
      errors: this.errors,
      ...(this.lastError ? { lastError: this.lastError } : {}),
    };
  }

  /** Admin moved the market: jump the fair price. */
  setPrice(price: string): void {
    const p = Number(price);
    if (Number.isFinite(p) && p > 0) this.proc.setPrice(p);
  }

  /** A public trade happened on this pair (any user). */
  observeTrade(price: string): void {
    try {
      this.lastTradeScaled = this.grid.fromDec(price);
      this.tradeSinceStep = true;
    } catch {
      /* off-grid or huge: ignore */
    }
  }

  /** A maker order changed state. */
  observeOrder(order: OrderRecord): void {
    if (order.userId !== this.makerUser || !CLOSED.has(order.status)) return;
    const price = this.byId.get(order.orderId);
    if (price === undefined) return;
    this.byId.delete(order.orderId);
    if (this.resting.get(price)?.orderId === order.orderId) this.resting.delete(price);
  }

  /** The market's config changed (tick policy etc.). */
  observeMarket(market: MarketInfo): void {
    const key = JSON.stringify(market.tickSizePolicy);
    if (key !== this.policyKey) {
      this.withdrawQuotes();
      this.grid = new TickGrid(market.tickSizePolicy);
      this.policyKey = key;
    }
  }

  /** Turn the simulation off for this pair: cancel every maker order (pure order book). */
  disable(): void {
    this.enabled = false;
    this.withdrawQuotes();
  }

  enable(): void {
    if (this.enabled) return;
    this.enabled = true;
    if (this.lastTradeScaled !== null) this.proc.setPrice(this.grid.toNumber(this.lastTradeScaled));
  }

  withdrawQuotes(): void {
    this.ex.cancelAll(this.makerUser, 1, this.symbol);
    this.resting.clear();
    this.byId.clear();
  }

  /** One step of dt seconds of market time. */
  step(dtSec: number): void {
    if (!this.enabled) return;
    const market = this.ex.getMarket(this.symbol);
    if (market?.status !== 'launched') return;
    this.steps++;
    this.proc.step(dtSec);
    if (this.tradeSinceStep && this.lastTradeScaled !== null) {
      // Trades (including users' sweeps) pull the fair price toward them.
      this.proc.nudgeToward(this.grid.toNumber(this.lastTradeScaled), 0.15);
      this.tradeSinceStep = false;
    }
    this.requote(market);
    this.takers(market, dtSec);
  }

  // ---- maker ----

  private cancel(price: number, r: Resting): boolean {
    const res = this.ex.cancelOrder({
      userId: this.makerUser,
      accountSeq: 1,
      symbol: this.symbol,
      orderId: r.orderId,
    });
    if (!res.ok && res.error.code !== 'ORDER_NOT_FOUND' && !res.error.code.startsWith('ORDER_ALREADY')) {
      this.fail(res.error.code);
      return false;
    }
    this.resting.delete(price);
    this.byId.delete(r.orderId);
    return true;
  }

  /** Cancels this side's quote farthest from the fair price if it is farther than `price`. */
  private makeRoom(side: 'buy' | 'sell', price: number, fair: number): boolean {
    let worst: [number, Resting] | null = null;
    for (const e of this.resting) {
      if (e[1].side !== side) continue;
      if (!worst || Math.abs(e[0] - fair) > Math.abs(worst[0] - fair)) worst = e;
    }
    if (!worst || Math.abs(worst[0] - fair) <= Math.abs(price - fair)) return false;
    return this.cancel(worst[0], worst[1]);
  }

  private requote(market: MarketInfo): void {
    if (this.farBase === 0 || Math.abs(this.proc.price / this.farBase - 1) > 0.2)
      this.farBase = this.proc.price;
    const { target, bid, ask, lo, hi } = targetLadder(
      this.grid,
      this.symbol,
      this.proc.price,
      this.farBase,
      this.params,
    );
    // Cancel first: quotes inside the new spread or on the wrong side, and quotes beyond the depth.
    // Quotes still inside the ladder's range stay (less churn), even off the target grid.
    for (const [price, r] of [...this.resting]) {
      const stale = r.side === 'buy' ? price > bid || price < lo : price < ask || price > hi;
      if (stale) this.cancel(price, r);
    }
    // Place missing levels, nearest the touch first.
    const fair = this.grid.snap(this.proc.price);
    const missing = [...target].filter(([price]) => !this.resting.has(price));
    missing.sort((a, b) => Math.abs(a[0] - fair) - Math.abs(b[0] - fair));
    let placed = 0;
    const count = { buy: 0, sell: 0 };
    for (const r of this.resting.values()) count[r.side]++;
    for (const [price, side] of missing) {
      if (placed >= MAX_PLACEMENTS_PER_STEP) break;
      if (count[side] >= MAX_PER_SIDE && !this.makeRoom(side, price, fair)) continue;
      const idx = Math.abs(price - fair) / Math.max(1, this.grid.tickAt(price));
      const qty = levelQty(
        this.grid,
        this.symbol,
        price,
        Math.min(30, Math.floor(idx / 4)),
        market,
        this.params,
      );
      if (!qty) continue;
      placed++;
      const res = this.ex.placeOrder({
        userId: this.makerUser,
        accountSeq: 1,
        symbol: this.symbol,
        side,
        orderType: 'limit',
        price: this.grid.toDec(price),
        qty,
        timeInForce: 'gtc',
      });
      if (!res.ok) {
        this.fail(res.error.code);
        continue;
      }
      const o = res.value;
      if (o.status === 'open' || o.status === 'partiallyFilled') {
        this.resting.set(price, { orderId: o.orderId, side });
        this.byId.set(o.orderId, price);
        count[side]++;
      }
    }
    // Keep each side under the cap (the exchange's open-order limit is 100 per pair): drop the
    // quotes farthest from the touch.
    for (const side of ['buy', 'sell'] as const) {
      const mine = [...this.resting].filter(([, r]) => r.side === side);
      if (mine.length <= MAX_PER_SIDE) continue;
      mine.sort((a, b) => Math.abs(b[0] - fair) - Math.abs(a[0] - fair));
      let extra = mine.length - MAX_PER_SIDE;
      for (const [price, r] of mine) {
        if (extra <= 0) break;
        if (this.cancel(price, r)) extra--;
      }
    }
  }

  // ---- takers ----

  private takers(market: MarketInfo, dtSec: number): void {
    const crowd = {
      ex: this.ex,
      rng: this.rng,
      params: this.params,
      symbol: this.symbol,
      userId: this.takerUser,
    };
    runTakers(crowd, market, dtSec, {
      activity: this.proc.activity,
      fair: () => this.proc.price,
      trendBias: () => this.trendBias(),
      placed: () => {
        this.takerOrders++;
      },
      failed: (code) => this.fail(code),
    });
  }

  /** Positive when the fair price has been rising (takers lean with the trend). */
  private trendBias(): number {
    if (this.lastTradeScaled === null) return 0;
    const last = this.grid.toNumber(this.lastTradeScaled);
    return ((this.proc.price - last) / last) * 200;
  }

  private fail(code: string): void {
    this.errors++;
    this.lastError = code;
  }
}
