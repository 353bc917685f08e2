/**
 * Settlement of one fill (ledger moves, fees in the received currency, avgPrice, trade records,
 * events) and recording of prevented self-trades. Called by Trading inside its commit.
 */

import { div } from '../../core/decimal.js';
import type { RestingOrder } from '../engine/book.js';
import {
  feeOf,
  ledgerStr,
  notional,
  priceStr,
  priceToInt,
  qtyStr,
  qtyToLedger,
  RATE_DP,
  toUnits,
} from '../engine/units.js';
import type { Ledger } from '../ledger/ledger.js';
import type { Store } from '../store/db.js';
import type { MarketInfo, OrderStatus, PreventedMatch } from '../types.js';
import type { Committer } from './commit.js';
import type { MarketData } from './marketData.js';
import type { OrderState } from './orderState.js';

export interface SettleDeps {
  store: Store;
  ledger: Ledger;
  data: MarketData;
  commit: Committer;
  open: Map<number, OrderState>;
  persist(o: OrderState): void;
  close(o: OrderState, status: OrderStatus, now: number): void;
}

export function settle(
  d: SettleDeps,
  taker: OrderState,
  maker: RestingOrder,
  price: number,
  qty: number,
  m: MarketInfo,
  now: number,
): void {
  const mk = d.open.get(maker.id)!;
  const amt = notional(price, qty);
  const qtyL = qtyToLedger(qty);
  const tradeId = d.store.nextId(`trade:${m.symbol}`);
  const isBuyerTaker = taker.side === 'buy';
  const buyer = isBuyerTaker ? taker : mk;
  const seller = isBuyerTaker ? mk : taker;
  const rate = (o: OrderState) => toUnits(o === taker ? m.takerFeeRate : m.makerFeeRate, RATE_DP) ?? 0n;
  // buyer pays quote from its hold, receives base minus fee (fee in the received currency)
  d.ledger.spendHeld(buyer.userId, buyer.accountSeq, m.quoteCurrency, amt, now);
  buyer.hold = String(BigInt(buyer.hold) - amt);
  const buyFee = feeOf(qtyL, rate(buyer));
  updateAvgPrice(d, buyer, m, price, qtyL - buyFee);
  d.ledger.credit(buyer.userId, buyer.accountSeq, m.baseCurrency, qtyL - buyFee, now);
  d.ledger.flow(m.baseCurrency, 'fee', buyFee);
  // seller delivers base from its hold, receives quote minus fee
  d.ledger.spendHeld(seller.userId, seller.accountSeq, m.baseCurrency, qtyL, now);
  seller.hold = String(BigInt(seller.hold) - qtyL);
  const sellFee = feeOf(amt, rate(seller));
  d.ledger.credit(seller.userId, seller.accountSeq, m.quoteCurrency, amt - sellFee, now);
  d.ledger.flow(m.quoteCurrency, 'fee', sellFee);

  for (const o of [taker, mk]) {
    o.filledQtyU += qty;
    o.filledAmtU = String(BigInt(o.filledAmtU) + amt);
    o.filledQty = qtyStr(o.filledQtyU);
    o.filledAmt = ledgerStr(BigInt(o.filledAmtU));
    o.avgPrice = div(o.filledAmt, o.filledQty, 4, 'halfUp');
    o.lastFilledAt = now;
  }
  const ps = priceStr(price);
  const qs = qtyStr(qty);
  d.store.db
    .prepare('INSERT INTO trades(symbol, trade_id, ts, price, qty, buyer_taker) VALUES (?, ?, ?, ?, ?, ?)')
    .run(m.symbol, tradeId, now, ps, qs, isBuyerTaker ? 1 : 0);
  d.data.addTrade(m.symbol, now, price, qty);
  d.commit.emit('trade', {
    symbol: m.symbol,
    trade: { timestamp: now, price: ps, qty: qs, isBuyerTaker, tradeId },
  });
  const mine = d.store.db.prepare(
    'INSERT INTO my_trades(user_id, seq, symbol, ts, data) VALUES (?, ?, ?, ?, ?)',
  );
  for (const o of [taker, mk]) {
    const isBuy = o.side === 'buy';
    const t = {
      symbol: m.symbol,
      tradeId,
      orderId: o.orderId,
      side: o.side,
      price: ps,
      qty: qs,
      amt: ledgerStr(amt),
      tradedAt: now,
      isTaker: o === taker,
      feeCurrency: isBuy ? m.baseCurrency : m.quoteCurrency,
      feeQty: ledgerStr(isBuy ? buyFee : sellFee),
    };
    mine.run(o.userId, o.accountSeq, m.symbol, now, JSON.stringify(t));
    d.commit.emit('myTrade', { userId: o.userId, accountSeq: o.accountSeq, trade: t });
  }
  // maker bookkeeping
  mk.remaining -= qty;
  if (mk.remaining <= 0) {
    d.open.delete(mk.orderId);
    d.close(mk, 'filled', now);
  } else mk.status = 'partiallyFilled';
  d.persist(mk);
}

/** Weighted average buy price of the coin holding: (avg x held + price x received) / (held + received). */
function updateAvgPrice(
  d: SettleDeps,
  buyer: OrderState,
  m: MarketInfo,
  price: number,
  received: bigint,
): void {
  const b = d.ledger.get(buyer.userId, buyer.accountSeq, m.baseCurrency);
  const held = b.available + b.trade + b.withdrawal;
  const total = held + received;
  if (total <= 0n) return;
  const avgInt = BigInt(priceToInt(b.avgPrice) ?? 0);
  const next = (avgInt * held + BigInt(price) * received) / total;
  d.ledger.setAvgPrice(buyer.userId, buyer.accountSeq, m.baseCurrency, priceStr(Number(next)));
}

export function recordPrevented(
  d: SettleDeps,
  st: OrderState,
  maker: RestingOrder,
  qtyInt: number | undefined,
  m: MarketInfo,
  now: number,
): void {
  const id = d.store.nextId('prevented');
  const left = qtyInt === undefined ? maker.remaining : Math.min(maker.remaining, qtyInt - st.filledQtyU);
  const makerOrder = d.open.get(maker.id);
  const rec: PreventedMatch = {
    symbol: m.symbol,
    preventedMatchId: id,
    takerOrderId: st.orderId,
    makerOrderId: maker.id,
    takerSide: st.side,
    price: priceStr(maker.price),
    qty: qtyStr(left),
    createdAt: now,
    accountSeq: st.accountSeq,
  };
  if (st.clientOrderId !== undefined) rec.takerClientOrderId = st.clientOrderId;
  if (makerOrder?.clientOrderId !== undefined) rec.makerClientOrderId = makerOrder.clientOrderId;
  d.store.db
    .prepare('INSERT INTO prevented(id, user_id, seq, symbol, ts, data) VALUES (?, ?, ?, ?, ?, ?)')
    .run(id, st.userId, st.accountSeq, m.symbol, now, JSON.stringify(rec));
  d.commit.emit('prevented', { userId: st.userId, accountSeq: st.accountSeq, match: rec });
}
