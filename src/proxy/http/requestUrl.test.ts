// The request target split by hand reads exactly as the WHATWG URL parser reads it, on plain and
// hostile targets alike.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../core/seededRandom.js';
import { parseRequestUrl } from './requestUrl.js';

const ALPHABET = [
  '/',
  'a',
  'Z',
  '0',
  '_',
  '-',
  '.',
  '%',
  '2',
  'e',
  'C',
  '3',
  '?',
  '&',
  '=',
  '+',
  ' ',
  '#',
  '\\',
  "'",
  '"',
  '<',
  'é',
  '\t',
  ':',
  '~',
  '*',
];

function targets(n: number, seed: number): string[] {
  const r = seededRandom(seed);
  return Array.from({ length: n }, () => {
    const len = Math.floor(r() * 24);
    let s = '/';
    for (let i = 0; i < len; i++) s += ALPHABET[Math.floor(r() * ALPHABET.length)];
    return s;
  });
}

/** What the URL parser reads of a target, or null where it refuses it. */
function asUrlReads(t: string) {
  let u: URL;
  try {
    u = new URL(t, 'http://proxy.invalid');
  } catch {
    return null;
  }
  return { pathname: u.pathname, search: u.search, params: [...u.searchParams] };
}

const reads = (t: string) => {
  const u = parseRequestUrl(t);
  return u && { pathname: u.pathname, search: u.search, params: [...u.searchParams] };
};

describe('parseRequestUrl', () => {
  it('reads plain dashboard calls without the URL parser, as the URL parser reads them', () => {
    for (const t of [
      '/api/v2/balance?accountSeq=1',
      '/api/v2/orders?symbol=btc_krw&orderId=12',
      '/api/desk/equity',
      '/api/v2/candles?symbol=eth_krw&interval=60&start=1795705200000&limit=200',
      '/',
      '/api/v2/tickers?',
      '/api/v2/x?a=%ED%95%9C&b=1+2',
    ]) {
      expect(parseRequestUrl(t)).not.toBeInstanceOf(URL);
      expect(reads(t)).toEqual(asUrlReads(t));
    }
  });

  it('agrees with the URL parser on thousands of hostile targets (dots, escapes, spaces, fragments)', () => {
    let plain = 0;
    for (const t of targets(5000, 7)) {
      expect(reads(t)).toEqual(asUrlReads(t));
      if (!(parseRequestUrl(t) instanceof URL)) plain++;
    }
    expect(plain).toBeGreaterThan(50); // the hand-split path is tried too, not only the parser
  });
});
