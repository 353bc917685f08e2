// The account's equity in KRW for the pre-trade check's "share of equity": each balance times its last KRW
// price (KRW itself at 1), in scaled integers; currencies without a KRW price are left out. Same rule as
// the assets page's valuation (web/features/balances/valuation.ts), kept here so the check's chunk does
// not pull that module out of the first load.
import { fracLen, fromUnits, toUnits } from './units.js';

export function equityKrw(
  balances: readonly { currency: string; balance: string }[],
  prices: Readonly<Record<string, string | undefined>>,
): string {
  let ps = 0;
  let qs = 0;
  for (const b of balances) qs = Math.max(qs, fracLen(b.balance));
  for (const p of Object.values(prices)) if (p) ps = Math.max(ps, fracLen(p));
  let total = 0n;
  for (const b of balances) {
    const cur = b.currency.toLowerCase();
    const qty = toUnits(b.balance, qs);
    const price = cur === 'krw' ? toUnits('1', ps) : toUnits(prices[cur], ps);
    if (qty === null || price === null) continue;
    total += qty * price;
  }
  return fromUnits(total, ps + qs);
}
