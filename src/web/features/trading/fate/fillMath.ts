// Pure helpers of the fill alerts: fills of one frame summed per order, and the tab title.
import { add, type Dec, div, isPositive, mul } from '../../../../core/decimal.js';

export interface FillRow {
  orderId: number | string;
  symbol?: string;
  side: 'buy' | 'sell';
  price: Dec;
  qty: Dec;
  amt?: Dec;
}

export interface FillSummary {
  orderId: number;
  symbol: string;
  side: 'buy' | 'sell';
  qty: Dec;
  /** Volume-weighted price of the fills. */
  avgPrice: Dec;
  count: number;
}

/** Sums the fills of one frame per order (a market order sweeping levels is one alert). */
export function summarizeFills(rows: readonly FillRow[], frameSymbol: string): FillSummary[] {
  const by = new Map<number, { s: FillSummary; amt: Dec }>();
  for (const r of rows) {
    const id = Number(r.orderId);
    const amt = r.amt ?? mul(r.price, r.qty);
    const cur = by.get(id);
    if (!cur) {
      by.set(id, {
        s: {
          orderId: id,
          symbol: r.symbol ?? frameSymbol,
          side: r.side,
          qty: r.qty,
          avgPrice: r.price,
          count: 1,
        },
        amt,
      });
      continue;
    }
    cur.s.qty = add(cur.s.qty, r.qty);
    cur.amt = add(cur.amt, amt);
    cur.s.count++;
  }
  return [...by.values()].map(({ s, amt }) => ({
    ...s,
    avgPrice: isPositive(s.qty) && s.count > 1 ? div(amt, s.qty, 8, 'halfUp') : s.avgPrice,
  }));
}

const PREFIX = /^\(\d+\) [^·]+ · /;

/** "(3) 체결 · Korbit API" from the page's own title; n = 0 gives the plain title back. */
export function titleWithFills(title: string, n: number, label: string): string {
  const base = title.replace(PREFIX, '');
  return n > 0 ? `(${n}) ${label} · ${base}` : base;
}
