// Portfolio valuation: KRW value, cost basis, unrealized P&L and return per currency.
// Pure: balances and prices in, decimal strings out. Money never becomes a JS number.
import { type Dec, div, gt, isDecimalString, isZero, lt, mul, sub, sum } from '../../core/decimal.js';

export interface BalanceLike {
  currency: string;
  balance: Dec;
  available: Dec;
  tradeInUse: Dec;
  withdrawalInUse: Dec;
  avgPrice?: Dec | null;
}

/** currency (lowercase) -> last price in KRW. */
export type KrwPrices = Readonly<Record<string, Dec | undefined>>;

export interface ValuedBalance extends BalanceLike {
  /** Last KRW price, '1' for KRW itself, null when no KRW market exists. */
  price: Dec | null;
  valueKrw: Dec | null;
  /** balance x avgPrice (null when there is no average price or for KRW). */
  cost: Dec | null;
  pnl: Dec | null;
  /** Percent, 2 decimals, null when there is no cost. */
  returnPct: Dec | null;
}

export interface Valuation {
  rows: ValuedBalance[];
  totalKrw: Dec;
  /** KRW cash (balance of the krw row). */
  cashKrw: Dec;
  /** Sum of the values of coins that have a cost basis. */
  coinValue: Dec;
  totalCost: Dec;
  totalPnl: Dec;
  totalReturnPct: Dec | null;
  /** Currencies held but not priced (no KRW market); excluded from totals. */
  unpriced: string[];
}

const KRW = 'krw';

function dec(v: Dec | null | undefined): Dec | null {
  return typeof v === 'string' && isDecimalString(v) ? v : null;
}

export function valueBalance(b: BalanceLike, prices: KrwPrices): ValuedBalance {
  const cur = b.currency.toLowerCase();
  if (cur === KRW) {
    return { ...b, price: '1', valueKrw: b.balance, cost: null, pnl: null, returnPct: null };
  }
  const price = dec(prices[cur]);
  const valueKrw = price === null ? null : mul(b.balance, price);
  const avg = dec(b.avgPrice);
  const cost = avg === null || isZero(avg) ? null : mul(b.balance, avg);
  const pnl = cost !== null && valueKrw !== null ? sub(valueKrw, cost) : null;
  const returnPct = pnl !== null && cost !== null && !isZero(cost) ? div(mul(pnl, '100'), cost, 2) : null;
  return { ...b, price, valueKrw, cost, pnl, returnPct };
}

export function valuePortfolio(balances: readonly BalanceLike[], prices: KrwPrices): Valuation {
  const rows = balances.map((b) => valueBalance(b, prices));
  const priced = rows.filter((r) => r.valueKrw !== null);
  const totalKrw = sum(priced.map((r) => r.valueKrw as Dec));
  const cashKrw = rows.find((r) => r.currency.toLowerCase() === KRW)?.balance ?? '0';
  const withCost = rows.filter((r) => r.cost !== null && r.pnl !== null);
  const totalCost = sum(withCost.map((r) => r.cost as Dec));
  const coinValue = sum(withCost.map((r) => r.valueKrw as Dec));
  const totalPnl = sum(withCost.map((r) => r.pnl as Dec));
  const totalReturnPct = isZero(totalCost) ? null : div(mul(totalPnl, '100'), totalCost, 2);
  const unpriced = rows.filter((r) => r.valueKrw === null && gt(r.balance, '0')).map((r) => r.currency);
  return { rows, totalKrw, cashKrw, coinValue, totalCost, totalPnl, totalReturnPct, unpriced };
}

/** Default threshold under which a balance counts as "small" (KRW). */
export const SMALL_BALANCE_KRW = '1000';

/**
 * A row is small when its KRW value is under the threshold. Unpriced rows are small only when
 * they hold nothing; a zero balance is always small.
 */
export function isSmallBalance(row: ValuedBalance, thresholdKrw: Dec = SMALL_BALANCE_KRW): boolean {
  if (isZero(row.balance)) return true;
  if (row.valueKrw === null) return false;
  return lt(row.valueKrw, thresholdKrw);
}

/** Rows sorted by KRW value (KRW first, then value descending, unpriced last by name). */
export function sortByValue(rows: readonly ValuedBalance[]): ValuedBalance[] {
  return [...rows].sort((a, b) => {
    const ak = a.currency.toLowerCase() === KRW;
    const bk = b.currency.toLowerCase() === KRW;
    if (ak !== bk) return ak ? -1 : 1;
    if (a.valueKrw !== null && b.valueKrw !== null) {
      if (gt(a.valueKrw, b.valueKrw)) return -1;
      if (lt(a.valueKrw, b.valueKrw)) return 1;
      return a.currency.localeCompare(b.currency);
    }
    if (a.valueKrw !== null) return -1;
    if (b.valueKrw !== null) return 1;
    return a.currency.localeCompare(b.currency);
  });
}

/** Prices from tickers: every `<base>_krw` close keyed by base. */
export function krwPricesFromTickers(
  tickers: readonly { symbol: string; close: Dec }[],
): Record<string, Dec> {
  const out: Record<string, Dec> = {};
  for (const t of tickers) {
    const [base, quote] = t.symbol.split('_');
    if (base && quote === KRW && isDecimalString(t.close)) out[base] = t.close;
  }
  return out;
}
