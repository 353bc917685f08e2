/**
 * Trading with a placement hook (paper mode): every order a user places (REST's placeRaw and the
 * ExchangeService's placeOrder both land here) passes through `placeHook`, which shows the engine the
 * source levels the order can reach for the moment it is matched (SourcedExchange.place).
 */
import type { OrderParamsInput } from '../../../core/orderRules.js';
import { Trading } from '../../exchange/trading.js';
import type { OrderRecord, Result } from '../../types.js';

export type PlaceHook = (
  userId: number,
  symbol: string,
  p: OrderParamsInput,
  next: () => Result<OrderRecord>,
) => Result<OrderRecord>;

export class PaperTrading extends Trading {
  placeHook: PlaceHook | null = null;

  override placeRaw(
    userId: number,
    accountSeq: number,
    symbol: string,
    p: OrderParamsInput,
  ): Result<OrderRecord> {
    const next = () => super.placeRaw(userId, accountSeq, symbol, p);
    return this.placeHook ? this.placeHook(userId, symbol, p, next) : next();
  }
}
