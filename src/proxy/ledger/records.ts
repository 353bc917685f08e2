// The exchange's list rows as ledger records: only the fields the P&L needs, checked (a row without an id,
// a time or a well-formed amount is left out and counted, never guessed), each with a local event id that
// is stable across reads (localIdOf).
import { isDecimalString } from '../../core/decimal.js';
import type { LedgerList } from '../../core/proxyApi/ledger.js';

export type { LedgerList } from '../../core/proxyApi/ledger.js';

export const LEDGER_LISTS: readonly LedgerList[] = [
  'trades',
  'krwDeposits',
  'krwWithdrawals',
  'coinDeposits',
  'coinWithdrawals',
  'transfers',
];

export interface TradeRecord {
  kind: 'trade';
  symbol: string;
  tradeId: string;
  orderId: string;
  side: 'buy' | 'sell';
  price: string;
  qty: string;
  amt: string;
  feeCurrency: string;
  feeQty: string;
  isTaker: boolean;
  ts: number;
}

export interface FundingRecord {
  kind: 'krwDeposit' | 'krwWithdrawal' | 'coinDeposit' | 'coinWithdrawal';
  id: string;
  currency: string;
  quantity: string;
  fee?: string;
  status: string;
  ts: number;
}

export interface TransferRecord {
  kind: 'transfer';
  transferId: string;
  direction: 'in' | 'out';
  fromAccountSeq: number;
  toAccountSeq: number;
  currency: string;
  amount: string;
  status: string;
  ts: number;
}

export type LedgerRecord = TradeRecord | FundingRecord | TransferRecord;

export interface StoredEvent {
  /** Unique within one account (owner and accountSeq). */
  localId: string;
  record: LedgerRecord;
}

type Row = Record<string, unknown>;
const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);
const idOf = (v: unknown): string | null =>
  (typeof v === 'number' && Number.isSafeInteger(v)) || (typeof v === 'string' && /^[\w.:-]{1,64}$/.test(v))
    ? String(v)
    : null;
const tsOf = (v: unknown): number | null =>
  typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : null;
const dec = (v: unknown): string | null => (isDecimalString(v) ? v : null);
const cur = (v: unknown): string | null =>
  typeof v === 'string' && /^[a-zA-Z0-9]{1,20}$/.test(v) ? v.toLowerCase() : null;

/**
 * The event id of core/pnl/types.ts (`deposit:<currency>:<id>`, `withdrawal:<currency>:<id>`,
 * `transfer:<transferId>`), trades with the order id as a fourth part: both sides of one trade can be
 * in two accounts of the same user.
 */
export function localIdOf(r: LedgerRecord): string {
  switch (r.kind) {
    case 'trade':
      return `trade:${r.symbol}:${r.tradeId}:${r.orderId}`;
    case 'transfer':
      return `transfer:${r.transferId}`;
    case 'krwDeposit':
    case 'coinDeposit':
      return `deposit:${r.currency}:${r.id}`;
    default:
      return `withdrawal:${r.currency}:${r.id}`;
  }
}

/** One myTrades row (REST shape: tradedAt, feeQty; the stream's filledAt / fee are accepted too). */
export function tradeRecord(v: unknown, symbol: string): TradeRecord | null {
  if (!isRow(v)) return null;
  const tradeId = idOf(v.tradeId);
  const orderId = idOf(v.orderId);
  const ts = tsOf(v.tradedAt ?? v.filledAt);
  const price = dec(v.price);
  const qty = dec(v.qty);
  const side = v.side === 'buy' || v.side === 'sell' ? v.side : null;
  const feeQty = dec(v.feeQty ?? v.fee) ?? '0';
  const feeCurrency = cur(v.feeCurrency);
  if (!tradeId || !orderId || !ts || !price || !qty || !side || !feeCurrency) return null;
  const sym = typeof v.symbol === 'string' && /^[a-z0-9]+_[a-z0-9]+$/.test(v.symbol) ? v.symbol : symbol;
  const amt = dec(v.amt);
  return {
    kind: 'trade',
    symbol: sym,
    tradeId,
    orderId,
    side,
    price,
    qty,
    ...(amt ? { amt } : { amt: '' }),
    feeCurrency,
    feeQty,
    isTaker: v.isTaker === true,
    ts,
  };
}

/** A KRW or coin deposit / withdrawal row. `currency` is the list's own for KRW lists. */
export function fundingRecord(
  v: unknown,
  kind: FundingRecord['kind'],
  listCurrency?: string,
): FundingRecord | null {
  if (!isRow(v)) return null;
  const id = idOf(v.id);
  const ts = tsOf(v.createdAt);
  const quantity = dec(v.quantity);
  const currency = cur(v.currency) ?? listCurrency ?? null;
  const status = typeof v.status === 'string' && v.status.length <= 40 ? v.status : null;
  if (!id || !ts || !quantity || !currency || !status) return null;
  const fee = dec(v.fee);
  return { kind, id, currency, quantity, ...(fee ? { fee } : {}), status, ts };
}

/** A transfer row as seen from `accountSeq` (in or out); null when it does not involve it. */
export function transferRecord(v: unknown, accountSeq: number): TransferRecord | null {
  if (!isRow(v)) return null;
  const transferId = idOf(v.transferId ?? v.id);
  const from = v.fromAccountSeq;
  const to = v.toAccountSeq;
  const ts = tsOf(v.completedAt ?? v.createdAt);
  const amount = dec(v.amount ?? v.quantity);
  const currency = cur(v.currency);
  if (!transferId || typeof from !== 'number' || typeof to !== 'number' || !ts || !amount || !currency)
    return null;
  if (from !== accountSeq && to !== accountSeq) return null;
  const status = typeof v.status === 'string' && v.status.length <= 40 ? v.status : 'done';
  return {
    kind: 'transfer',
    transferId,
    direction: to === accountSeq ? 'in' : 'out',
    fromAccountSeq: from,
    toAccountSeq: to,
    currency,
    amount,
    status,
    ts,
  };
}
