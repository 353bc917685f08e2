// Event builders for the engine's tests and bench (not used by the app).
import type { DepositEvent, LedgerEvent, TradeEvent, TransferEvent, WithdrawalEvent } from './types.js';

export const P = 'p1';

export function fill(
  n: number | string,
  at: number,
  side: 'buy' | 'sell',
  price: string,
  qty: string,
  fee = '0',
  feeCurrency = 'krw',
  accountSeq = 1,
  symbol = 'btc_krw',
): TradeEvent {
  return {
    kind: 'trade',
    id: `trade:${symbol}:${n}`,
    profileId: P,
    accountSeq,
    at,
    symbol,
    side,
    price,
    qty,
    fee,
    feeCurrency,
    tradeId: String(n),
  };
}

export function deposit(
  n: number | string,
  at: number,
  currency: string,
  amount: string,
  accountSeq = 1,
  fee?: string,
): DepositEvent {
  const e: DepositEvent = {
    kind: 'deposit',
    id: `deposit:${currency}:${n}`,
    profileId: P,
    accountSeq,
    at,
    currency,
    amount,
    status: 'done',
  };
  if (fee !== undefined) e.fee = fee;
  return e;
}

export function withdrawal(
  n: number | string,
  at: number,
  currency: string,
  amount: string,
  accountSeq = 1,
  fee?: string,
): WithdrawalEvent {
  const e: WithdrawalEvent = {
    kind: 'withdrawal',
    id: `withdrawal:${currency}:${n}`,
    profileId: P,
    accountSeq,
    at,
    currency,
    amount,
    status: 'done',
  };
  if (fee !== undefined) e.fee = fee;
  return e;
}

export function transfer(
  n: number | string,
  at: number,
  currency: string,
  amount: string,
  from: number,
  to: number,
): TransferEvent {
  return {
    kind: 'transfer',
    id: `transfer:${n}`,
    profileId: P,
    accountSeq: from,
    at,
    currency,
    amount,
    fromAccountSeq: from,
    toAccountSeq: to,
  };
}

export type { LedgerEvent };
