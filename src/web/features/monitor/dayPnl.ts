// Profit and loss over the ticker's 24-hour window for one account.
//
// P&L = value now - value 24h ago - net external flows. With fills inside the window known:
//   for each coin: qty_now * close - qty_start * prevClose, where qty_start = qty_now - coinDelta
//   plus the KRW the fills moved (sells add, buys and KRW fees subtract).
// Deposits, withdrawals and transfers in the window are not counted as P&L only when they are
// not in the balances; this calculator sees trades only, so an external flow shows as P&L.
import { add, type Dec, isDecimalString, mul, sub, sum } from '../../../core/decimal.js';

export interface Holding {
  currency: string;
  balance: Dec;
}

export interface Fill {
  symbol: string;
  side: 'buy' | 'sell' | string;
  price: Dec;
  qty: Dec;
  /** Quote amount; price x qty when absent. */
  amt?: Dec | null;
  fee?: Dec | null;
  feeCurrency?: string | null;
}

export interface TickerRef {
  symbol: string;
  close: Dec;
  prevClose: Dec;
}

export interface DayPnl {
  pnl: Dec;
  /** Currencies whose price is unknown (left out). */
  missing: string[];
}

const KRW = 'krw';

export function dayPnl(
  holdings: readonly Holding[],
  fills: readonly Fill[],
  tickers: readonly TickerRef[],
): DayPnl {
  const ref = new Map<string, TickerRef>();
  for (const t of tickers) {
    const [base, quote] = t.symbol.split('_');
    if (base && quote === KRW) ref.set(base, t);
  }
  const coinDelta = new Map<string, Dec>();
  let krwDelta: Dec = '0';
  for (const f of fills) {
    const [base, quote] = f.symbol.split('_');
    if (!base || quote !== KRW) continue;
    const amt = f.amt && isDecimalString(f.amt) ? f.amt : mul(f.price, f.qty);
    const fee = f.fee && isDecimalString(f.fee) ? f.fee : '0';
    const feeCur = (f.feeCurrency ?? '').toLowerCase();
    let d = coinDelta.get(base) ?? '0';
    if (f.side === 'buy') {
      d = add(d, f.qty);
      krwDelta = sub(krwDelta, amt);
    } else {
      d = sub(d, f.qty);
      krwDelta = add(krwDelta, amt);
    }
    if (feeCur === KRW) krwDelta = sub(krwDelta, fee);
    else if (feeCur === base) d = sub(d, fee);
    coinDelta.set(base, d);
  }
  const parts: Dec[] = [krwDelta];
  const missing: string[] = [];
  const currencies = new Set<string>();
  for (const h of holdings) currencies.add(h.currency.toLowerCase());
  for (const c of coinDelta.keys()) currencies.add(c);
  currencies.delete(KRW);
  const qtyNow = new Map(holdings.map((h) => [h.currency.toLowerCase(), h.balance]));
  for (const c of currencies) {
    const t = ref.get(c);
    const now = qtyNow.get(c) ?? '0';
    const delta = coinDelta.get(c) ?? '0';
    if (!t) {
      if (now !== '0' || delta !== '0') missing.push(c);
      continue;
    }
    const start = sub(now, delta);
    parts.push(sub(mul(now, t.close), mul(start, t.prevClose)));
  }
  return { pnl: sum(parts), missing };
}
