// Pure: an account's equity in KRW from its balances and the tickers' last prices, and the
// external flows (deposits, withdrawals, transfers) read from the exchange's funding records.
import { add, type Dec, isDecimalString, mul, sum } from '../../core/decimal.js';
import type { FlowKind } from '../../core/desk/dayPnl.js';
import type { StoredFlow } from './store.js';

export interface BalanceLike {
  currency: string;
  balance: string;
}

export interface TickerLike {
  symbol: string;
  close: string;
}

/** base currency -> KRW last price; KRW itself is 1. */
export function krwPrices(tickers: readonly TickerLike[]): Map<string, Dec> {
  const m = new Map<string, Dec>([['krw', '1']]);
  for (const t of tickers) {
    const [base, quote] = t.symbol.split('_');
    if (base && quote === 'krw' && isDecimalString(t.close)) m.set(base, t.close);
  }
  return m;
}

/** Sum of balance x price; currencies without a KRW price are listed as missing (left out). */
export function equityOf(
  balances: readonly BalanceLike[],
  prices: ReadonlyMap<string, Dec>,
): { equityKrw: Dec; missing: string[] } {
  const parts: Dec[] = [];
  const missing: string[] = [];
  for (const b of balances) {
    if (!isDecimalString(b.balance)) continue;
    const p = prices.get(b.currency.toLowerCase());
    if (p === undefined) {
      if (b.balance !== '0') missing.push(b.currency);
      continue;
    }
    parts.push(mul(b.balance, p));
  }
  return { equityKrw: sum(parts), missing };
}

interface FundingRecord {
  id?: unknown;
  currency?: unknown;
  status?: unknown;
  quantity?: unknown;
  fee?: unknown;
  createdAt?: unknown;
  updatedAt?: unknown;
  completedAt?: unknown;
}

interface TransferRecord {
  transferId?: unknown;
  fromAccountSeq?: unknown;
  toAccountSeq?: unknown;
  currency?: unknown;
  amount?: unknown;
  status?: unknown;
  createdAt?: unknown;
  completedAt?: unknown;
}

const tsOf = (...v: unknown[]): number | null => {
  for (const x of v) if (typeof x === 'number' && Number.isFinite(x)) return x;
  return null;
};

/** Done deposits or withdrawals (KRW or coin) as flows of the main account, valued at `prices`. */
export function fundingFlows(
  records: readonly unknown[],
  kind: Extract<FlowKind, 'deposit' | 'withdrawal'>,
  defaultCurrency: string | null,
  prices: ReadonlyMap<string, Dec>,
): StoredFlow[] {
  const out: StoredFlow[] = [];
  for (const raw of records) {
    const r = raw as FundingRecord;
    if (r.status !== 'done' || !isDecimalString(r.quantity)) continue;
    const currency = String(r.currency ?? defaultCurrency ?? '').toLowerCase();
    const ts = tsOf(r.completedAt, r.updatedAt, r.createdAt);
    const price = prices.get(currency);
    if (!currency || ts === null || price === undefined) continue;
    // a withdrawal's fee leaves the account too: not a trading loss
    const qty = kind === 'withdrawal' && isDecimalString(r.fee) ? add(r.quantity, r.fee) : r.quantity;
    out.push({
      flowId: `${kind}:${currency}:${String(r.id)}`,
      kind,
      ts,
      currency,
      qty,
      valueKrw: mul(qty, price),
    });
  }
  return out;
}

/** Done transfers touching `accountSeq`: in or out of it. */
export function transferFlows(
  records: readonly unknown[],
  accountSeq: number,
  prices: ReadonlyMap<string, Dec>,
): StoredFlow[] {
  const out: StoredFlow[] = [];
  for (const raw of records) {
    const r = raw as TransferRecord;
    if (r.status !== 'done' || !isDecimalString(r.amount)) continue;
    const inbound = r.toAccountSeq === accountSeq;
    if (!inbound && r.fromAccountSeq !== accountSeq) continue;
    const currency = String(r.currency ?? '').toLowerCase();
    const ts = tsOf(r.completedAt, r.createdAt);
    const price = prices.get(currency);
    if (!currency || ts === null || price === undefined) continue;
    out.push({
      flowId: `transfer:${String(r.transferId)}`,
      kind: inbound ? 'transferIn' : 'transferOut',
      ts,
      currency,
      qty: r.amount,
      valueKrw: mul(r.amount, price),
    });
  }
  return out;
}
