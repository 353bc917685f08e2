// SHARED CONTRACT of the investment-results (투자손익) engine, issue 21. The proxy ledger (H10b) stores
// and serves these shapes, the web page (H10c) renders them; the engine (src/core/pnl/) computes them.
// Change only additively; every money figure is a decimal string (src/core/decimal.ts), never a float.
// The functions (buildPnlIndex, appendToIndex, queryPnl, realizedRows, taxReport, the CSV builders)
// are exported from ./index.ts; the rules are explained in docs/investment-results.md.
//
// Conventions
// - Times are epoch ms. Days are KST days ('YYYY-MM-DD', 00:00 KST = 15:00 UTC the day before).
// - Every event has an `id` unique per profile and stable across re-syncs, built from the exchange's
//   id: `trade:<symbol>:<tradeId>`, `deposit:<currency>:<id>`, `withdrawal:<currency>:<id>`,
//   `transfer:<transferId>`. The engine de-duplicates by (profileId, id): the first one wins.
// - A transfer appears once (from either account's list); the engine moves it using from/to.
// - Prices: a fill is a price observation for its coin (all accounts, all profiles); the caller adds
//   more `PriceMark`s (daily closes, the current ticker). The price of a coin at time t is the last
//   observation at or before t (before the first one: the first one, and the figure is uncertain).
//
// Sign convention (the identity the engine guarantees for every scope and every period):
//   endEquity - startEquity = realizedKrw + unrealizedChangeKrw - feesKrw + netFlowsKrw
//   pnlKrw                 = endEquity - startEquity - netFlowsKrw = realized + unrealizedChange - fees
// - feesKrw is what was paid (>= 0). Coin fees are valued at the fill price (the mark for funding fees).
// - netFlowsKrw: deposits and transfers in minus withdrawals and transfers out, each valued at the
//   market price when it happened. Transfers between two accounts both in the scope cancel.
// - realizedKrw: on each sell (and each coin fee, which is a disposal at the fill price), proceeds
//   minus the moving-average cost of the units at that moment. Fees are NOT part of the cost.
// - unrealizedChangeKrw counts price moves only: the change of (position x price - cost), minus the
//   unrealized gain a coin deposit or transfer in brings (value - cost) and plus the one a withdrawal
//   or transfer out takes away. A withdrawal leaves at cost: it is a flow at market value, never a
//   realized gain.
import type { Dec } from '../decimal.js';

export type Side = 'buy' | 'sell';
export type LedgerEventKind = 'trade' | 'deposit' | 'withdrawal' | 'transfer';

interface EventBase {
  /** Unique per profile, stable: see the header. */
  id: string;
  profileId: string;
  accountSeq: number;
  /** Epoch ms when it happened (fill time; completion time of a funding record). */
  at: number;
}

export interface TradeEvent extends EventBase {
  kind: 'trade';
  /** 'btc_krw': base coin and the quote; only KRW quotes are valued. */
  symbol: string;
  side: Side;
  price: Dec;
  /** Gross fill quantity. A coin fee is taken on top: the position moves by +qty - fee (buy) or -qty - fee (sell). */
  qty: Dec;
  fee: Dec;
  /** 'krw' or the base coin, lower case. */
  feeCurrency: string;
  tradeId: string;
  orderId?: string;
}

export type FundingStatus = 'done' | 'pending' | 'failed' | 'canceled' | (string & {});

export interface DepositEvent extends EventBase {
  kind: 'deposit';
  /** 'krw' or a coin, lower case. */
  currency: string;
  /** What arrived; a fee (same currency) is taken from it. */
  amount: Dec;
  fee?: Dec;
  /** Only 'done' is counted. */
  status: FundingStatus;
}

export interface WithdrawalEvent extends EventBase {
  kind: 'withdrawal';
  currency: string;
  /** What left to the outside; the fee (same currency) leaves on top of it. */
  amount: Dec;
  fee?: Dec;
  status: FundingStatus;
}

export interface TransferEvent extends EventBase {
  kind: 'transfer';
  currency: string;
  amount: Dec;
  fromAccountSeq: number;
  toAccountSeq: number;
  /** Absent means done. Only 'done' is counted. */
  status?: FundingStatus;
}

export type LedgerEvent = TradeEvent | DepositEvent | WithdrawalEvent | TransferEvent;

/**
 * A user-entered cost basis, as a TOTAL in KRW for the whole quantity of the thing it names (easier
 * to type from a statement than a per-unit price):
 * - a coin deposit from outside: eventId = the deposit's id;
 * - coins held before the ledger begins (a sell or withdrawal larger than the position the ledger
 *   built): eventId = openingLotId(profileId, accountSeq, currency).
 */
export interface CostOverride {
  profileId: string;
  eventId: string;
  costKrw: Dec;
}

/** `opening:<profileId>:<accountSeq>:<currency>`: the coins an account held before its ledger begins. */
export function openingLotId(profileId: string, accountSeq: number, currency: string): string {
  return `opening:${profileId}:${accountSeq}:${currency}`;
}

/** A price observation in KRW for one unit of `currency`. */
export interface PriceMark {
  currency: string;
  at: number;
  priceKrw: Dec;
}

/**
 * What an account holds by the exchange at `at` (GET /v2/balance `balance`, lower-case currency), with
 * the coin's KRW price then when known. Units held beyond what the ledger built by `at` were held
 * before the ledger begins, or came by movements it cannot see: they become the track's opening lot;
 * units below it left by movements it cannot see (ledger.ts beyondLedger; docs/investment-results.md).
 */
export interface Holding {
  profileId: string;
  accountSeq: number;
  currency: string;
  qty: Dec;
  at: number;
  priceKrw?: Dec;
  /** The exchange's average purchase price for the coin (balance `avgPrice`): the opening lot's provisional cost. */
  avgPriceKrw?: Dec;
  /** false: the ledger had not read the account's lists up to `at`: no unseen outflow is taken from it. */
  ledgerCovers?: boolean;
}

/** An equity snapshot of the proxy's sampler (src/proxy/equity/, desk.sqlite `equity`). */
export interface EquityPoint {
  at: number;
  profileId: string;
  accountSeq: number;
  equityKrw: Dec;
}

/** A stretch the ledger could not cover (H10b records it): figures touching it are uncertain. */
export interface LedgerGap {
  profileId: string;
  accountSeq: number;
  /** 'trades' | 'deposits' | 'withdrawals' | 'transfers' */
  list: string;
  from: number;
  to: number;
}

export interface AccountRef {
  profileId: string;
  accountSeq: number;
}

export interface PnlQuery {
  /** Period start. The period is half-open, [from, to): events with from <= at < to belong to it. */
  from: number;
  /** Period end (exclusive): for whole KST days, the next day's 00:00 KST; for "until now", now + 1. */
  to: number;
  /** Which accounts; 'all' = every account the index knows. */
  scope: 'all' | readonly AccountRef[];
  /** The current price per currency, used at `to` when it is later than every mark (now). */
  livePrices?: Readonly<Record<string, Dec>>;
  /** The exchange's avgPrice per account and currency (balance rows), shown beside ours. */
  exchangeAvgPrices?: readonly (AccountRef & { currency: string; avgPrice: Dec })[];
  /** How many winners and losers to list (default 5). */
  top?: number;
}

export type UncertainReason =
  /** Some units' cost is unknown (a coin deposit from outside, coins held before the ledger). */
  | 'costUnknown'
  /** A sell or withdrawal exceeded the position the ledger built: coins held before it. */
  | 'preLedgerHoldings'
  /** A coin had no price at a needed time: the first later price was used. */
  | 'missingPrice'
  /** A recorded ledger gap overlaps the period. */
  | 'ledgerGap'
  /** Less held than the ledger built (a flow the key cannot read): the rest left at the balance's time. */
  | 'unseenOutflow'
  /** The proxy's equity snapshots disagree with the ledger's equity. */
  | 'snapshotMismatch';

export interface PnlTotal {
  pnlKrw: Dec;
  realizedKrw: Dec;
  unrealizedChangeKrw: Dec;
  feesKrw: Dec;
  netFlowsKrw: Dec;
  /** Ledger equity (cash + positions x price) from the events before `from` and before `to`. */
  startEquityKrw: Dec;
  endEquityKrw: Dec;
  /** Time-weighted return over the period, a fraction (0.05 = 5 %); null without a base. */
  twr: number | null;
  /** Money-weighted return (IRR) over the period, not annualized, a fraction; null when none solves. */
  mwr: number | null;
  uncertain: UncertainReason[];
  /** Snapshot equity at from/to when the proxy has snapshots there (else absent). */
  snapshotStartEquityKrw?: Dec;
  snapshotEndEquityKrw?: Dec;
}

export interface DailyPnl {
  day: string;
  pnlKrw: Dec;
}

export interface AssetPnl {
  currency: string;
  /** Units held at `to`, summed over the scope. */
  position: Dec;
  /** Moving-average cost per unit at `to` (KRW, 8 dp); null when the position is zero. */
  avgCostKrw: Dec | null;
  /** The exchange's avgPrice (single account scope only). */
  exchangeAvgPrice?: Dec;
  /** Ours and the exchange's differ by more than 0.1 % (in any account of the scope). */
  avgDiffers?: boolean;
  realizedKrw: Dec;
  /** Unrealized at `to`: position x price - cost. */
  unrealizedKrw: Dec;
  /** Unrealized change in the period (the identity's term, see the header). */
  unrealizedChangeKrw: Dec;
  feesKrw: Dec;
  /** realized + unrealizedChange - fees. */
  pnlKrw: Dec;
  /** pnl / (value at from + bought in the period) in percent, 2 dp; null without a base. */
  returnPct: Dec | null;
  valueKrw: Dec;
  /** value / end equity in percent, 2 dp; null when equity is zero. */
  shareOfPortfolio: Dec | null;
  costUnknown?: boolean;
}

export type FlowKind = 'deposit' | 'withdrawal' | 'transferIn' | 'transferOut';

export interface PnlFlow {
  eventId: string;
  profileId: string;
  accountSeq: number;
  at: number;
  kind: FlowKind;
  currency: string;
  /** Units moved (unsigned); the kind gives the direction. */
  amount: Dec;
  /** Signed KRW value at the time: + into the scope, - out of it. */
  valueKrw: Dec;
}

export interface PnlReport {
  query: { from: number; to: number };
  total: PnlTotal;
  daily: DailyPnl[];
  perAsset: AssetPnl[];
  /** Ledger equity at `from`, at each KST day end inside the period, and at `to`. */
  equityCurve: { at: number; equityKrw: Dec }[];
  /** External flows of the scope in the period (transfers inside the scope left out). */
  flows: PnlFlow[];
  /** Assets with the largest positive and negative pnlKrw. */
  winners: { currency: string; pnlKrw: Dec }[];
  losers: { currency: string; pnlKrw: Dec }[];
}

export interface TaxAssetGain {
  currency: string;
  /** Proceeds - fees - cost, by moving average (fees included in cost, as the tax law's expenses). */
  gainAvgKrw: Dec;
  /** The same by first-in-first-out lots. */
  gainFifoKrw: Dec;
  proceedsKrw: Dec;
  /** Some sold units had no known cost (provisional cost = market value when they came in). */
  costUnknown?: boolean;
}

export interface TaxReport {
  /** KST calendar year. */
  year: number;
  perAsset: TaxAssetGain[];
  totalAvgKrw: Dec;
  totalFifoKrw: Dec;
  /** 2,500,000 KRW basic deduction per year. */
  deductionKrw: Dec;
  /** max(0, total - deduction), by the method in `method`. */
  taxableKrw: Dec;
  /** 0.22 (20 % national + 2 % local). */
  rate: Dec;
  estimatedTaxKrw: Dec;
  /** Which total the taxable figure uses (moving average, the law's default for virtual assets). */
  method: 'movingAverage';
  /** The tax applies from 2027: earlier years are shown as if it did. */
  beforeTaxStart: boolean;
  /** Always true: an estimate, not tax advice. */
  estimateOnly: true;
  uncertain: UncertainReason[];
}
