/**
 * The other side of every paper fill: the bot user `paper-market`. Its orders are the source's
 * levels (makers, for a sandbox taker) or the source's trades (takers, for a sandbox resting
 * order). They go through the exchange's own execution (exchange/execute.ts executeOrder: holds,
 * engine, settlement, fees, events) without the request validation, because they stand for the
 * source's liquidity, not for a request: a source level may be smaller than the minimum order
 * value, and it is still a level. The bot is funded on demand (booked as funding, so the ledger's
 * conservation check holds).
 */
import { notional, priceStr, qtyStr, qtyToLedger } from '../../engine/units.js';
import { executeOrder } from '../../exchange/execute.js';
import type { OrderState } from '../../exchange/orderState.js';
import type { Exchange } from '../../exchange/service.js';
import type { MarketInfo, Side, TimeInForce } from '../../types.js';

export const PAPER_BOT = 'paper-market';

export class Counterparty {
  readonly userId: number;

  constructor(private readonly ex: Exchange) {
    this.userId = ex.createBotUser(PAPER_BOT, {});
  }

  /**
   * A bot limit order through the engine, inside the caller's transaction and Trading's commit
   * (call within exchange.commit.run). `po` rests only when it crosses nothing; `ioc` takes what it
   * meets up to its price and leaves nothing behind.
   */
  place(
    m: MarketInfo,
    side: Side,
    priceInt: number,
    qtyInt: number,
    tif: TimeInForce,
    now: number,
  ): OrderState {
    const { trading, ledger, store } = this.ex;
    const cur = side === 'buy' ? m.quoteCurrency : m.baseCurrency;
    const need = side === 'buy' ? notional(priceInt, qtyInt) : qtyToLedger(qtyInt);
    const bal = ledger.get(this.userId, 1, cur);
    if (bal.available < need) {
      const top = need * 2n - bal.available;
      ledger.credit(this.userId, 1, cur, top, now);
      ledger.flow(cur, 'funding', top);
    }
    const st: OrderState = {
      orderId: store.nextId('order'),
      symbol: m.symbol,
      orderType: 'limit',
      side,
      timeInForce: tif,
      price: priceStr(priceInt),
      qty: qtyStr(qtyInt),
      filledQty: '0',
      filledAmt: '0',
      createdAt: now,
      status: 'pending',
      userId: this.userId,
      accountSeq: 1,
      remaining: 0,
      hold: '0',
      filledQtyU: 0,
      filledAmtU: '0',
    };
    executeOrder(trading, st, m, { priceInt, qtyInt, pp: false, ppPercent: 0 }, now);
    return st;
  }

  /** Cancels what is left of a bot order (inside exchange.commit.run). */
  withdraw(st: OrderState, now: number): void {
    if (st.status === 'open' || st.status === 'partiallyFilled') this.ex.trading.cancelOpen(st, now);
  }

  /** Cancels every open bot order (a crash between placing and withdrawing leaves some behind). */
  withdrawAll(): number {
    return this.ex.cancelAll(this.userId);
  }
}
