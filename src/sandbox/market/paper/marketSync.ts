/**
 * Copies the source's pairs into the sandbox's MarketRegistry (paper mode), so order validation, tick
 * checks, GET /v2/currencyPairs and /v2/tickSizePolicy read one place. Fees and qtyDecimals stay the
 * sandbox's; the reference price (the fat-finger band's anchor before the first fill) follows the
 * source's last price when a pair is new or its price left a factor-2 band around it. Pairs the source
 * does not list are stopped.
 */
import { defaultMarkets } from '../../exchange/markets.js';
import type { Exchange } from '../../exchange/service.js';
import type { MarketInfo } from '../../types.js';
import type { SourceMarket } from '../source.js';

const same = (a: MarketInfo, b: MarketInfo) => JSON.stringify(a) === JSON.stringify(b);

function farFrom(ref: string, last: string | undefined): boolean {
  if (last === undefined) return false;
  const r = Number(ref);
  const l = Number(last);
  if (!(l > 0)) return false;
  return !(r > 0) || l > r * 2 || l < r / 2;
}

/** Returns how many pairs changed. */
export function syncMarkets(ex: Exchange, source: readonly SourceMarket[], now: number): number {
  if (source.length === 0) return 0;
  const template = defaultMarkets(now)[0]!;
  const listed = new Set(source.map((s) => s.symbol));
  let changed = 0;
  for (const s of source) {
    const cur = ex.markets.get(s.symbol);
    const base = cur ?? { ...template, referencePrice: s.lastPrice ?? '0' };
    const next: MarketInfo = {
      ...base,
      symbol: s.symbol,
      baseCurrency: s.baseCurrency,
      quoteCurrency: s.quoteCurrency,
      status: s.status,
      tickSizePolicy: s.tickSizePolicy,
      orderbookLevels: s.orderbookLevels,
    };
    delete next.minOrderValue;
    delete next.maxOrderValue;
    if (s.minOrderValue !== undefined) next.minOrderValue = s.minOrderValue;
    if (s.maxOrderValue !== undefined) next.maxOrderValue = s.maxOrderValue;
    if (farFrom(next.referencePrice, s.lastPrice)) next.referencePrice = s.lastPrice!;
    if (!cur || !same(cur, next)) {
      ex.updateMarket(next);
      changed++;
    }
  }
  for (const m of ex.listMarkets()) {
    if (!listed.has(m.symbol) && m.status !== 'stopped') {
      ex.updateMarket({ ...m, status: 'stopped' });
      changed++;
    }
  }
  return changed;
}
