// The market list's rows: joins pairs, tickers and names, then filters (초성, 두벌식 typed on an English
// keyboard, codes, English names) and sorts. Pure: the component only renders what this returns.
import { convertQwertyToHangul, disassemble, getChoseong } from 'es-hangul';
import { cmp } from '../../../core/decimal.js';
import { type CoinName, coinName } from './marketNames.js';

export type SortKey = 'name' | 'price' | 'change' | 'volume';
export type SortDir = 'asc' | 'desc';

export interface PairLike {
  symbol: string;
  status: string;
  baseCurrency: string;
  quoteCurrency: string;
}
export interface TickerLike {
  symbol: string;
  close: string;
  priceChangePercent: string;
  quoteVolume: string;
}

export interface MarketRow {
  symbol: string;
  base: string;
  quote: string;
  names: CoinName;
  stopped: boolean;
  favorite: boolean;
  ticker?: TickerLike;
}

const CHOSEONG_ONLY = /^[ㄱ-ㅎ]+$/;
const compact = (s: string) => s.toLowerCase().replace(/[\s/_-]+/g, '');

/**
 * Does a row match the query? Codes ("btc", "BTC/KRW", "btc_krw"), names in either language, 초성
 * ("ㅂㅌ" finds 비트코인), a syllable still being typed ("빝" finds 비트코인), and Korean typed with the
 * keyboard left in English ("qlxm" finds 비트코인).
 */
export function matchesQuery(row: Pick<MarketRow, 'symbol' | 'names'>, query: string): boolean {
  const q = compact(query);
  if (!q) return true;
  const ko = compact(row.names.ko);
  if (compact(row.symbol).includes(q) || compact(row.names.en).includes(q) || ko.includes(q)) return true;
  if (CHOSEONG_ONLY.test(q)) return getChoseong(ko).includes(q);
  if (/[가-힣ㄱ-ㅣ]/.test(q)) return disassemble(ko).includes(disassemble(q));
  if (/^[a-z]+$/.test(q)) {
    const typed = convertQwertyToHangul(q);
    if (typed && typed !== q && /[가-힣ㄱ-ㅣ]/.test(typed)) return matchesQuery(row, typed);
  }
  return false;
}

export function buildRows(
  pairs: readonly PairLike[],
  tickers: readonly TickerLike[],
  fullNames: ReadonlyMap<string, string | null | undefined>,
  favorites: ReadonlySet<string>,
): MarketRow[] {
  const bySymbol = new Map(tickers.map((t) => [t.symbol, t]));
  return pairs.map((p) => ({
    symbol: p.symbol,
    base: p.baseCurrency.toUpperCase(),
    quote: p.quoteCurrency.toUpperCase(),
    names: coinName(p.baseCurrency, fullNames.get(p.baseCurrency.toLowerCase())),
    stopped: p.status === 'stopped',
    favorite: favorites.has(p.symbol),
    ticker: bySymbol.get(p.symbol),
  }));
}

/** Rows without a ticker sort last whatever the direction; ties fall back to the symbol. */
export function sortRows(
  rows: readonly MarketRow[],
  key: SortKey,
  dir: SortDir,
  lang: 'ko' | 'en',
): MarketRow[] {
  const sign = dir === 'asc' ? 1 : -1;
  const byName = (a: MarketRow, b: MarketRow) => a.names[lang].localeCompare(b.names[lang], lang);
  const field = key === 'price' ? 'close' : key === 'change' ? 'priceChangePercent' : 'quoteVolume';
  return [...rows].sort((a, b) => {
    if (key === 'name') return sign * byName(a, b) || a.symbol.localeCompare(b.symbol);
    const av = a.ticker?.[field];
    const bv = b.ticker?.[field];
    if (!av || !bv) return av ? -1 : bv ? 1 : a.symbol.localeCompare(b.symbol);
    return sign * cmp(av, bv) || a.symbol.localeCompare(b.symbol);
  });
}

export function selectRows(
  rows: readonly MarketRow[],
  opts: { query: string; favoritesOnly: boolean; sort: SortKey; dir: SortDir; lang: 'ko' | 'en' },
): MarketRow[] {
  const kept = rows.filter((r) => (!opts.favoritesOnly || r.favorite) && matchesQuery(r, opts.query));
  return sortRows(kept, opts.sort, opts.dir, opts.lang);
}
