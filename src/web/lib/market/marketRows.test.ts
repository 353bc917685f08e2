import { describe, expect, it } from 'vitest';
import { coinName } from './marketNames.js';
import { buildRows, matchesQuery, selectRows, sortRows } from './marketRows.js';

const pairs = ['btc', 'eth', 'xrp', 'doge', 'zzz'].map((b) => ({
  symbol: `${b}_krw`,
  status: b === 'xrp' ? 'stopped' : 'launched',
  baseCurrency: b,
  quoteCurrency: 'krw',
}));
const tickers = [
  { symbol: 'btc_krw', close: '95000000', priceChangePercent: '1.5', quoteVolume: '900000000' },
  { symbol: 'eth_krw', close: '4000000', priceChangePercent: '-2.25', quoteVolume: '1200000000' },
  { symbol: 'xrp_krw', close: '800.5', priceChangePercent: '10', quoteVolume: '5000' },
  { symbol: 'doge_krw', close: '150', priceChangePercent: '-0.1', quoteVolume: '70000000' },
];
const names = new Map([
  ['btc', 'Bitcoin'],
  ['eth', 'Ethereum'],
]);
const rows = buildRows(pairs, tickers, names, new Set(['doge_krw']));
const row = (s: string) => rows.find((r) => r.symbol === s)!;

describe('market search', () => {
  it('초성 finds the Korean name', () => {
    expect(matchesQuery(row('btc_krw'), 'ㅂㅌ')).toBe(true);
    expect(matchesQuery(row('btc_krw'), 'ㅂㅌㅋㅇ')).toBe(true);
    expect(matchesQuery(row('eth_krw'), 'ㅂㅌ')).toBe(false);
    expect(matchesQuery(row('eth_krw'), 'ㅇㄷ')).toBe(true);
  });
  it('a syllable still being typed matches', () => {
    expect(matchesQuery(row('btc_krw'), '빝')).toBe(true);
    expect(matchesQuery(row('btc_krw'), '비트')).toBe(true);
    expect(matchesQuery(row('doge_krw'), '빝')).toBe(false);
  });
  it('codes, pair spellings and English names, any case', () => {
    for (const q of ['btc', 'BTC/KRW', 'btc_krw', 'bitco', 'BitCoin'])
      expect(matchesQuery(row('btc_krw'), q)).toBe(true);
    expect(matchesQuery(row('btc_krw'), 'eth')).toBe(false);
  });
  it('Korean typed on an English keyboard layout', () => {
    expect(matchesQuery(row('btc_krw'), 'qlxm')).toBe(true); // 비트
    expect(matchesQuery(row('eth_krw'), 'qlxm')).toBe(false);
  });
  it('an empty query keeps everything', () => {
    expect(matchesQuery(row('zzz_krw'), '  ')).toBe(true);
  });
});

describe('rows', () => {
  it('names from the endpoint, the table, or the code', () => {
    expect(row('btc_krw').names).toEqual({ ko: '비트코인', en: 'Bitcoin' });
    expect(row('xrp_krw').names.ko).toBe('리플');
    expect(row('zzz_krw').names).toEqual({ ko: 'ZZZ', en: 'ZZZ' });
    expect(coinName('SOL', '  ')).toEqual({ ko: '솔라나', en: 'Solana' });
  });
  it('marks stopped pairs and favorites', () => {
    expect(row('xrp_krw').stopped).toBe(true);
    expect(row('btc_krw').stopped).toBe(false);
    expect(row('doge_krw').favorite).toBe(true);
  });
});

describe('sorting', () => {
  const order = (key: Parameters<typeof sortRows>[1], dir: 'asc' | 'desc', lang: 'ko' | 'en' = 'ko') =>
    sortRows(rows, key, dir, lang).map((r) => r.base);
  it('by value traded, decimals compared exactly; rows without a ticker last', () => {
    expect(order('volume', 'desc')).toEqual(['ETH', 'BTC', 'DOGE', 'XRP', 'ZZZ']);
    expect(order('volume', 'asc')).toEqual(['XRP', 'DOGE', 'BTC', 'ETH', 'ZZZ']);
  });
  it('by change and by price', () => {
    expect(order('change', 'desc')).toEqual(['XRP', 'BTC', 'DOGE', 'ETH', 'ZZZ']);
    expect(order('price', 'asc')).toEqual(['DOGE', 'XRP', 'ETH', 'BTC', 'ZZZ']);
  });
  it('by name in the chosen language', () => {
    expect(order('name', 'asc', 'ko')).toEqual(['DOGE', 'XRP', 'BTC', 'ETH', 'ZZZ']); // 도, 리, 비, 이, Z
    expect(order('name', 'asc', 'en')).toEqual(['BTC', 'DOGE', 'ETH', 'XRP', 'ZZZ']);
  });
  it('favorites only, with a query', () => {
    expect(
      selectRows(rows, { query: '', favoritesOnly: true, sort: 'volume', dir: 'desc', lang: 'ko' }).map(
        (r) => r.base,
      ),
    ).toEqual(['DOGE']);
    expect(
      selectRows(rows, { query: 'ㅂ', favoritesOnly: false, sort: 'volume', dir: 'desc', lang: 'ko' }).map(
        (r) => r.base,
      ),
    ).toEqual(['BTC']);
  });
});
