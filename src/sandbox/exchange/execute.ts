/**
 * Matching one accepted order: best-order pricing, balance hold (or expiry), post-only and
 * fill-or-kill checks, the engine plan, settlement of each fill, self-trade prevention and the
 * final status (rest on the book or close). Runs inside Trading's commit.
 */
import type { OrderBook, RestingOrder } from '../engine/book.js';
import { type FillSink, type PlaceSpec, placeOrder } from '../engine/drive.js';
import { protectionBound, type TakerSpec } from '../engine/match.js';
import { notional, priceStr, qtyStr, qtyToLedger } from '../engine/units.js';
import type { Ledger } from '../ledger/ledger.js';
import type { MarketInfo, OrderStatus } from '../types.js';
import type { Committer } from './commit.js';
import type { OrderState } from './orderState.js';
import { recordPrevented, type SettleDeps, settle } from './settlement.js';

export interface ExecDeps {
  readonly ledger: Ledger;
  readonly commit: Committer;
  readonly open: Map<number, OrderState>;
  readonly settleDeps: SettleDeps;
  book(symbol: string): OrderBook;
  persist(o: OrderState): void;
  close(o: OrderState, status: OrderStatus, now: number): void;
  resting(o: OrderState): RestingOrder;
}

export interface ExecArgs {
  priceInt?: number;
  qtyInt?: number;
  amtU?: bigint;
  bestNth?: number;
  pp: boolean;
  ppPercent: number;
}

export function executeOrder(t: ExecDeps, st: OrderState, m: MarketInfo, a: ExecArgs, now: number): void {
  const book = t.book(m.symbol);
  const cur = st.side === 'buy' ? m.quoteCurrency : m.baseCurrency;
  let priceInt = a.priceInt;
  let qtyInt = a.qtyInt;
  // Best orders: price from the Nth opposing level (po: Nth own-side level); buy qty from amt.
  if (st.orderType === 'best') {
    const levelSide = st.timeInForce === 'po' ? st.side : st.side === 'buy' ? 'sell' : 'buy';
    const p = book.nthPrice(levelSide, a.bestNth ?? 1);
    if (p === null) {
      st.status = 'expired';
      st.closedAt = now;
      t.persist(st);
      return;
    }
    priceInt = p;
    st.price = priceStr(p);
    if (st.side === 'buy') {
      const q = a.amtU! / BigInt(p);
      // beyond the engine's integer range (a huge amt at a tiny price) the order cannot be sized
      qtyInt = q > BigInt(Number.MAX_SAFE_INTEGER) ? 0 : Number(q);
      if (qtyInt) st.qty = qtyStr(qtyInt);
    }
    if (!qtyInt) {
      st.status = 'expired';
      st.closedAt = now;
      t.persist(st);
      return;
    }
  }
  st.priceInt = priceInt;
  // Hold what the order may spend; not enough -> the order is accepted but expires.
  const need =
    st.side === 'sell'
      ? qtyToLedger(qtyInt!)
      : st.orderType === 'limit'
        ? notional(priceInt!, qtyInt!)
        : a.amtU!;
  if (!t.ledger.hold(st.userId, st.accountSeq, cur, need, now)) {
    st.status = 'expired';
    st.closedAt = now;
    t.persist(st);
    return;
  }
  st.hold = String(need);
  const tif = st.timeInForce;
  if (tif === 'po' && priceInt !== undefined && book.crosses(st.side, priceInt)) {
    t.close(st, 'expired', now);
    t.persist(st);
    return;
  }
  const taker: TakerSpec = {
    userId: st.userId,
    side: st.side,
    limitPrice: priceInt ?? null,
    qty: qtyInt ?? null,
    amt: st.orderType === 'market' && st.side === 'buy' ? a.amtU! : null,
    protectPrice: a.pp ? protectionBound(book, st.side, a.ppPercent) : null,
  };
  // the engine's part (matching call, each fill settled, the remainder rested) is one shared
  // function, the one the engine bench drives too (engine/drive.ts)
  const sink: FillSink = { fill: (maker, price, qty) => settle(t.settleDeps, st, maker, price, qty, m, now) };
  const spec: PlaceSpec = {
    id: st.orderId,
    accountSeq: st.accountSeq,
    fok: tif === 'fok',
    rests: tif !== 'ioc' && st.orderType !== 'market',
  };
  const { plan: pl, rested } = placeOrder(book, taker, spec, sink);
  if (pl === null) {
    // fill-or-kill that could not fill whole: the book is untouched
    t.close(st, 'expired', now);
    t.persist(st);
    return;
  }
  if (pl.stop === 'selfTrade' && pl.selfMaker)
    recordPrevented(t.settleDeps, st, pl.selfMaker, qtyInt, m, now);
  const complete = qtyInt !== undefined && st.filledQtyU >= qtyInt;
  if (rested > 0) {
    st.remaining = rested;
    st.status = st.filledQtyU > 0 ? 'partiallyFilled' : 'open';
    t.open.set(st.orderId, st);
    t.commit.emit('book', { symbol: m.symbol });
  } else if (complete) t.close(st, 'filled', now);
  else if (pl.stop === 'selfTrade')
    t.close(st, st.filledQtyU > 0 ? 'partiallyFilledCanceled' : 'canceled', now);
  else t.close(st, st.filledQtyU > 0 ? 'filled' : 'expired', now);
  if (pl.count > 0) t.commit.emit('book', { symbol: m.symbol });
  t.persist(st);
}
