/**
 * The ExchangeService of the SandboxContext and the sandbox's one face for orders: the REST routes,
 * the admin API, the market simulation and scenarios place, cancel and read orders here (Trading
 * and OrderQueries are what stands behind it); paper mode (market/paper/exchange.ts) extends it.
 * Also market data and seeded history.
 */
import { type Interval, isInterval } from '../../core/intervals.js';
import type { OrderParamsInput } from '../../core/orderRules.js';
import type { CancelOrderInput, ExchangeService, HistoricalTrade, PlaceOrderInput } from '../context.js';
import { groupLevels } from '../engine/groupLevels.js';
import { priceStr, priceToInt, qtyStr, qtyToInt, toLedger } from '../engine/units.js';
import type { Ledger } from '../ledger/ledger.js';
import type { Store } from '../store/db.js';
import type {
  BookLevel,
  Candle,
  MarketInfo,
  Orderbook,
  OrderRecord,
  PublicTrade,
  Result,
  Ticker,
} from '../types.js';
import type { Users } from '../users/users.js';
import type { Committer } from './commit.js';
import type { MarketData } from './marketData.js';
import type { MarketRegistry } from './markets.js';
import type { AccountWindow } from './orderQueries.js';
import { isOpen, orderRecord } from './orderState.js';
import type { Trading } from './trading.js';

export class Exchange implements ExchangeService {
  constructor(
    readonly store: Store,
    readonly ledger: Ledger,
    readonly markets: MarketRegistry,
    readonly data: MarketData,
    readonly trading: Trading,
    readonly users: Users,
    readonly commit: Committer,
    readonly now: () => number,
  ) {}

  listMarkets(): MarketInfo[] {
    return this.markets.list();
  }

  getMarket(symbol: string): MarketInfo | undefined {
    return this.markets.get(symbol);
  }

  placeOrder(input: PlaceOrderInput): Result<OrderRecord> {
    const p: OrderParamsInput = { side: input.side, orderType: input.orderType };
    if (input.price !== undefined) p.price = input.price;
    if (input.qty !== undefined) p.qty = input.qty;
    if (input.amt !== undefined) p.amt = input.amt;
    if (input.timeInForce !== undefined) p.timeInForce = input.timeInForce;
    if (input.bestNth !== undefined) p.bestNth = String(input.bestNth);
    if (input.clientOrderId !== undefined) p.clientOrderId = input.clientOrderId;
    if (input.pp !== undefined) p.pp = String(input.pp);
    if (input.ppPercent !== undefined) p.ppPercent = String(input.ppPercent);
    return this.placeParams(input.userId, input.accountSeq, input.symbol, p);
  }

  /**
   * Places an order given in its wire form (the POST /v2/orders fields as strings, validated by
   * the shared core rules); placeOrder lands here too, so paper mode's override sees every order.
   */
  placeParams(userId: number, accountSeq: number, symbol: string, p: OrderParamsInput): Result<OrderRecord> {
    return this.trading.place(userId, accountSeq, symbol, p);
  }

  cancelOrder(input: CancelOrderInput): Result<OrderRecord> {
    return this.trading.cancel(input);
  }

  cancelAll(userId: number, accountSeq?: number, symbol?: string): number {
    return this.trading.cancelAll(userId, accountSeq, symbol);
  }

  getOrder(
    userId: number,
    accountSeq: number,
    symbol: string,
    ref: { orderId?: number; clientOrderId?: string },
  ) {
    const o = this.trading.find(userId, accountSeq, symbol, ref);
    return o ? orderRecord(o) : undefined;
  }

  /** Orders of an account's pair created in the window, newest first (GET /v2/allOrders). */
  ordersCreated(w: AccountWindow): OrderRecord[] {
    return this.trading.queries.created(w);
  }

  /** The account's fills of a pair in the window, newest first, optionally of one order. */
  fills(w: AccountWindow, orderId?: number): unknown[] {
    const all = this.trading.queries.fills(w);
    return (orderId === undefined ? all : all.filter((t) => t.orderId === orderId)).slice(0, w.limit);
  }

  /** Prevented self-trades of the account in the window, newest first. */
  preventedMatches(w: AccountWindow): unknown[] {
    return this.trading.queries.prevented(w);
  }

  openOrders(userId: number, accountSeq: number, symbol: string, limit = 500): OrderRecord[] {
    const out: OrderRecord[] = [];
    for (const o of this.trading.open.values()) {
      if (o.userId === userId && o.accountSeq === accountSeq && o.symbol === symbol && isOpen(o))
        out.push(orderRecord(o));
    }
    return out.sort((a, b) => b.orderId - a.orderId).slice(0, limit);
  }

  getOrderbook(symbol: string, depth = Number.POSITIVE_INFINITY, level?: string): Orderbook {
    const book = this.trading.book(symbol);
    const ts = this.now();
    if (!level) {
      const conv = ([p, q]: [number, number]): BookLevel => ({ price: priceStr(p), qty: qtyStr(q) });
      return {
        timestamp: ts,
        bids: book.depth('buy', depth).map(conv),
        asks: book.depth('sell', depth).map(conv),
      };
    }
    const step = priceToInt(level) ?? 1;
    const group = (side: 'buy' | 'sell'): BookLevel[] => groupLevels(book.depth(side), step, side, depth);
    return { timestamp: ts, bids: group('buy'), asks: group('sell') };
  }

  getTrades(symbol: string, limit: number): PublicTrade[] {
    return this.data.trades(symbol, limit);
  }

  getCandles(
    symbol: string,
    interval: string,
    opts: { start?: number; end?: number; limit: number },
  ): Candle[] {
    if (!isInterval(interval)) return [];
    const m = this.markets.get(symbol);
    const start = opts.start ?? m?.listedAt ?? 0;
    const end = opts.end ?? this.now();
    return this.data.candles(symbol, interval as Interval, start, end, opts.limit);
  }

  getTicker(symbol: string): Ticker {
    const m = this.markets.get(symbol)!;
    const book = this.trading.book(symbol);
    const bid = book.best('buy');
    const ask = book.best('sell');
    return {
      symbol,
      ...this.data.stats(symbol, this.now(), m.referencePrice),
      bestBidPrice: bid === null ? '0' : priceStr(bid),
      bestAskPrice: ask === null ? '0' : priceStr(ask),
    };
  }

  getBalances(userId: number, accountSeq: number) {
    return this.ledger.list(userId, accountSeq);
  }

  createBotUser(name: string, funding: Record<string, string>): number {
    const existing = this.users.userByName(name);
    if (existing) return existing.id;
    const now = this.now();
    return this.commit.run(() => {
      const id = this.users.createUser(name, true, now);
      for (const [cur, amount] of Object.entries(funding)) {
        const u = toLedger(amount);
        if (u === null || u <= 0n) continue;
        this.ledger.credit(id, 1, cur, u, now);
        this.ledger.flow(cur, 'funding', u);
      }
      return id;
    });
  }

  importHistory(symbol: string, trades: HistoricalTrade[]): void {
    if (!this.markets.get(symbol)) throw new Error(`unknown symbol ${symbol}`);
    const sorted = [...trades].sort((a, b) => a.timestamp - b.timestamp);
    const ins = this.store.db.prepare(
      'INSERT INTO trades(symbol, trade_id, ts, price, qty, buyer_taker) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.store.tx(() => {
      for (const t of sorted) {
        const p = priceToInt(t.price);
        const q = qtyToInt(t.qty);
        if (p === null || q === null || p <= 0 || q <= 0) continue;
        const id = this.store.nextId(`trade:${symbol}`);
        ins.run(symbol, id, t.timestamp, priceStr(p), qtyStr(q), t.isBuyerTaker ? 1 : 0);
        this.data.addTrade(symbol, t.timestamp, p, q);
      }
    });
  }

  setReferencePrice(symbol: string, price: string): void {
    const m = this.markets.get(symbol);
    if (!m) return;
    this.updateMarket({ ...m, referencePrice: price });
  }

  /** Persists a market config change and emits `market`. */
  updateMarket(next: MarketInfo): void {
    this.commit.run(() => {
      this.markets.save(next);
      this.commit.emit('market', { symbol: next.symbol, market: next });
    });
  }
}
