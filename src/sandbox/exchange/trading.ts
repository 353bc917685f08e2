/**
 * Order placement, matching and cancellation behind the Exchange (service.ts, the one face every
 * caller places and cancels through): validation (shared src/core rules), balance holds, the pure
 * engine, fee settlement, persistence (orderQueries.ts) and events. Synchronous: an order is
 * matched before placeOrder returns, so "pending" is never observable.
 */

import { type OrderParamsInput, validateOrderParams } from '../../core/orderRules.js';
import type { CancelOrderInput } from '../context.js';
import { OrderBook } from '../engine/book.js';
import { cancelOrder } from '../engine/drive.js';
import { priceStr, priceToInt, qtyToInt, toLedger } from '../engine/units.js';
import type { Ledger } from '../ledger/ledger.js';
import type { Store } from '../store/db.js';
import type { OrderRecord, OrderStatus, Result, SbxError } from '../types.js';
import type { Committer } from './commit.js';
import { executeOrder } from './execute.js';
import type { MarketData } from './marketData.js';
import type { MarketRegistry } from './markets.js';
import { OpenOrders } from './openOrders.js';
import { OrderQueries } from './orderQueries.js';
import { isOpen, type OrderState, orderRecord } from './orderState.js';
import { priceBandError } from './priceBand.js';
import type { SettleDeps } from './settlement.js';

export { RETENTION_MS } from './orderQueries.js';

const bad = (code: string, description?: string, status = 400): SbxError => ({ status, code, description });
const err = <T>(e: SbxError): Result<T> => ({ ok: false, error: e });

export class Trading {
  readonly books = new Map<string, OrderBook>();
  /** Open orders by id (the book holds only the matching view). */
  readonly open = new OpenOrders();
  openOrderLimit = 100;
  /** User status lookup (admin can suspend a user); set by createSandbox. */
  userStatus: (userId: number) => string = () => 'active';
  readonly queries: OrderQueries;
  readonly settleDeps: SettleDeps;

  constructor(
    private readonly store: Store,
    readonly ledger: Ledger,
    private readonly markets: MarketRegistry,
    private readonly data: MarketData,
    readonly commit: Committer,
    private readonly now: () => number,
  ) {
    this.queries = new OrderQueries(store, this.open, now);
    this.settleDeps = {
      store,
      ledger,
      data,
      commit,
      open: this.open,
      persist: (o) => this.persist(o),
      close: (o, status, now) => this.close(o, status, now),
    };
    this.openOrderLimit = Number(store.getMeta('openOrderLimit') ?? 100);
    for (const o of this.queries.openAtStart()) {
      this.open.set(o.orderId, o);
      this.book(o.symbol).add(this.resting(o));
    }
  }

  book(symbol: string): OrderBook {
    let b = this.books.get(symbol);
    if (!b) {
      b = new OrderBook();
      this.books.set(symbol, b);
    }
    return b;
  }

  resting(o: OrderState) {
    return {
      id: o.orderId,
      userId: o.userId,
      accountSeq: o.accountSeq,
      side: o.side,
      price: o.priceInt!,
      remaining: o.remaining,
    };
  }

  persist(o: OrderState): void {
    this.queries.save(o);
    this.commit.emit('order', { userId: o.userId, accountSeq: o.accountSeq, order: orderRecord(o) });
  }

  load(orderId: number): OrderState | undefined {
    return this.queries.load(orderId);
  }

  retrievable(o: OrderRecord, now = this.now()): boolean {
    return this.queries.retrievable(o, now);
  }

  find(
    userId: number,
    accountSeq: number,
    symbol: string,
    ref: { orderId?: number; clientOrderId?: string },
  ) {
    return this.queries.find(userId, accountSeq, symbol, ref);
  }

  countOpen(userId: number, accountSeq: number, symbol: string): number {
    return this.queries.countOpen(userId, accountSeq, symbol);
  }

  purge(now = this.now()): number {
    return this.queries.purge(now);
  }

  /** Places an order given in its wire form (POST /v2/orders fields as strings). */
  place(userId: number, accountSeq: number, symbol: string, p: OrderParamsInput): Result<OrderRecord> {
    const m = this.markets.get(symbol);
    if (!m) return err(bad('INVALID_CURRENCY_PAIR', `Unknown pair ${symbol}.`));
    const book = this.book(symbol);
    const bestBid = book.best('buy');
    const ref = bestBid !== null ? priceStr(bestBid) : m.referencePrice;
    const v = validateOrderParams(p, m, m.tickSizePolicy, ref);
    if (!v.ok) return err(v.error as SbxError);
    if (m.status !== 'launched') return err(bad('CURRENCY_PAIR_STOPPED', `Trading of ${symbol} is stopped.`));
    if (this.userStatus(userId) !== 'active') {
      return err(bad('INVALID_USER_STATUS', 'The user is suspended from trading.'));
    }
    const o = v.order;
    if (o.price !== undefined) {
      const last = this.data.lastPrice(symbol);
      const e = priceBandError(
        priceToInt(o.price) ?? 0,
        last ? last.price : (priceToInt(m.referencePrice) ?? 0),
      );
      if (e) return err(e);
    }
    if (o.qty !== undefined) {
      const dp = o.qty.split('.')[1]?.length ?? 0;
      if (dp > m.qtyDecimals)
        return err(bad('BAD_REQUEST', `qty may have at most ${m.qtyDecimals} decimals.`));
    }
    const priceInt = o.price !== undefined ? priceToInt(o.price) : undefined;
    const qtyInt = o.qty !== undefined ? qtyToInt(o.qty) : undefined;
    const amtU = o.amt !== undefined ? toLedger(o.amt) : undefined;
    if (priceInt === null || qtyInt === null || amtU === null)
      return err(bad('BAD_REQUEST', 'Number out of range or too precise.'));
    if (o.clientOrderId !== undefined && this.queries.anyWithClientId(userId, accountSeq, o.clientOrderId)) {
      return err(bad('DUPLICATE_CLIENT_ORDER_ID', 'clientOrderId was already used by a retrievable order.'));
    }
    if (this.countOpen(userId, accountSeq, symbol) >= this.openOrderLimit) {
      return err(
        bad('TOO_MANY_OPEN_ORDERS', `At most ${this.openOrderLimit} open orders per account and pair.`),
      );
    }
    const now = this.now();
    const order = this.commit.run(() => {
      const st: OrderState = {
        orderId: this.store.nextId('order'),
        symbol,
        orderType: o.orderType,
        side: o.side,
        timeInForce: o.timeInForce,
        filledQty: '0',
        filledAmt: '0',
        createdAt: now,
        status: 'pending',
        userId,
        accountSeq,
        remaining: 0,
        hold: '0',
        filledQtyU: 0,
        filledAmtU: '0',
      };
      if (o.clientOrderId !== undefined) st.clientOrderId = o.clientOrderId;
      if (o.price !== undefined) st.price = o.price;
      if (o.qty !== undefined) st.qty = o.qty;
      if (o.amt !== undefined) st.amt = o.amt;
      executeOrder(
        this,
        st,
        m,
        { priceInt, qtyInt, amtU, bestNth: o.bestNth, pp: o.pp, ppPercent: o.ppPercent },
        now,
      );
      return st;
    });
    return { ok: true, value: orderRecord(order) };
  }

  close(st: OrderState, status: OrderStatus, now: number): void {
    st.status = status;
    st.closedAt = now;
    const hold = BigInt(st.hold);
    if (hold > 0n) {
      const m = this.markets.get(st.symbol)!;
      this.ledger.release(
        st.userId,
        st.accountSeq,
        st.side === 'buy' ? m.quoteCurrency : m.baseCurrency,
        hold,
        now,
      );
      st.hold = '0';
    }
    st.remaining = 0;
  }

  cancel(input: CancelOrderInput): Result<OrderRecord> {
    const ref: { orderId?: number; clientOrderId?: string } = {};
    if (input.orderId !== undefined) ref.orderId = input.orderId;
    if (input.clientOrderId !== undefined) ref.clientOrderId = input.clientOrderId;
    const o = this.find(input.userId, input.accountSeq, input.symbol, ref);
    if (!o) return err(bad('ORDER_NOT_FOUND', 'No such order.'));
    if (!isOpen(o)) {
      const code =
        o.status === 'filled'
          ? 'ORDER_ALREADY_FILLED'
          : o.status === 'expired'
            ? 'ORDER_ALREADY_EXPIRED'
            : 'ORDER_ALREADY_CANCELED';
      return err(bad(code, `The order is ${o.status}.`));
    }
    const now = this.now();
    this.commit.run(() => this.cancelOpen(o, now));
    return { ok: true, value: orderRecord(o) };
  }

  /** Cancels an open order (call inside a commit). */
  cancelOpen(o: OrderState, now: number): void {
    cancelOrder(this.book(o.symbol), o.orderId);
    this.open.delete(o.orderId);
    this.close(o, o.filledQtyU > 0 ? 'partiallyFilledCanceled' : 'canceled', now);
    this.persist(o);
    this.commit.emit('book', { symbol: o.symbol });
  }

  cancelAll(userId: number, accountSeq?: number, symbol?: string): number {
    const targets = [...this.open.values()].filter(
      (o) =>
        o.userId === userId &&
        (accountSeq === undefined || o.accountSeq === accountSeq) &&
        (symbol === undefined || o.symbol === symbol),
    );
    if (targets.length === 0) return 0;
    const now = this.now();
    this.commit.run(() => {
      for (const o of targets) this.cancelOpen(o, now);
    });
    return targets.length;
  }
}
