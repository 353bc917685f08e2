// Event builders for the engine's tests and bench (not used by the app).

import { seededRandom } from '../seededRandom.js';
import type {
  CostOverride,
  DepositEvent,
  LedgerEvent,
  PriceMark,
  TradeEvent,
  TransferEvent,
  WithdrawalEvent,
} from './types.js';
import { openingLotId } from './types.js';

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

export const T0 = Date.UTC(2027, 2, 1, 3, 0);
export const COINS = ['btc', 'eth'];
export const ACCOUNTS = [1, 2, 3];

/** A random history (fixed by the seed): 3 accounts, 2 coins, every kind of event, marks, entered costs. */
export function randomHistory(seed: number) {
  const r = seededRandom(seed);
  const pick = <X>(xs: readonly X[]) => xs[Math.floor(r() * xs.length)] as X;
  const dec = (lo: number, hi: number, dp: number) => (lo + r() * (hi - lo)).toFixed(dp);
  const events: LedgerEvent[] = [];
  const marks: PriceMark[] = [];
  const overrides: CostOverride[] = [];
  let at = T0;
  const n = 20 + Math.floor(r() * 40);
  for (let i = 0; i < n; i++) {
    at += Math.floor(r() * 12 * 3600_000);
    const acct = pick(ACCOUNTS);
    const coin = pick(COINS);
    const price = dec(900, 1100, 2);
    const x = r();
    if (x < 0.15)
      events.push(deposit(i, at, 'krw', dec(1000, 100000, 0), acct, r() < 0.3 ? '10' : undefined));
    else if (x < 0.55) {
      const coinFee = r() < 0.3;
      events.push(
        fill(
          i,
          at,
          r() < 0.6 ? 'buy' : 'sell',
          price,
          dec(0.1, 20, 4),
          coinFee ? dec(0, 0.01, 4) : dec(0, 50, 0),
          coinFee ? coin : 'krw',
          acct,
          `${coin}_krw`,
        ),
      );
    } else if (x < 0.65) {
      events.push(deposit(i, at, coin, dec(0.1, 5, 3), acct, r() < 0.3 ? '0.001' : undefined));
      if (r() < 0.5)
        overrides.push({ profileId: P, eventId: `deposit:${coin}:${i}`, costKrw: dec(100, 5000, 0) });
    } else if (x < 0.75)
      events.push(
        withdrawal(i, at, r() < 0.5 ? 'krw' : coin, dec(0.1, 500, 2), acct, r() < 0.5 ? '0.01' : undefined),
      );
    else if (x < 0.87) {
      const to = pick(ACCOUNTS.filter((a) => a !== acct));
      events.push(transfer(i, at, r() < 0.3 ? 'krw' : coin, dec(0.1, 10, 3), acct, to));
    } else marks.push({ currency: coin, at, priceKrw: price });
  }
  for (const a of ACCOUNTS)
    for (const c of COINS)
      if (r() < 0.3)
        overrides.push({ profileId: P, eventId: openingLotId(P, a, c), costKrw: dec(0, 9000, 0) });
  return { events, marks, overrides, end: at, rand: r };
}

export type { LedgerEvent };
