// Hand-worked books for the pre-trade check. Every expected figure below is worked out in the comment
// beside it (price x qty per level, what is left, average = quote / qty).
import { describe, expect, it } from 'vitest';
import { preTradeCheck } from './check.js';
import { DEFAULT_THRESHOLDS, type PreTradeInput, type PtLevel } from './types.js';

// Asks 10,000 x 0.5 (5,000 KRW) | 10,100 x 1 (10,100) | 10,200 x 2 (20,400): 3.5 coins, 35,500 KRW.
// Bids  9,900 x 1 | 9,800 x 2 | 9,700 x 3: 6 coins.
const ASKS: PtLevel[] = [
  { price: '10200', qty: '2' },
  { price: '10000', qty: '0.5' },
  { price: '10100', qty: '1' },
];
const BIDS: PtLevel[] = [
  { price: '9900', qty: '1' },
  { price: '9800', qty: '2' },
  { price: '9700', qty: '3' },
];

const run = (o: Partial<PreTradeInput>) =>
  preTradeCheck({
    side: 'buy',
    orderType: 'market',
    bids: BIDS,
    asks: ASKS,
    last: '10000',
    thresholds: DEFAULT_THRESHOLDS,
    ...o,
  });
const codes = (r: ReturnType<typeof preTradeCheck>) => r.warnings.map((w) => w.code);

describe('market buy by amount (amt)', () => {
  it('walks the asks: 5,000 + 10,100 + 4,999.999914 (0.49019607 at 10,200)', () => {
    // 20,100 KRW: level 1 takes 5,000 (0.5), level 2 10,100 (1), 5,000 left buys floor(5,000 / 10,200)
    // = 0.49019607 at 10,200 = 4,999.999914. Qty 1.99019607, quote 20,099.999914, average 10,099.51.
    // At the best ask the same qty costs 19,901.9607: slippage 198.039214 KRW = 0.995...% -> "1.00" shown,
    // but under the 1 % threshold exactly, so no HIGH_SLIPPAGE warning.
    const r = run({ amt: '20100' });
    expect(r.estimate).toMatchObject({
      bestPrice: '10000',
      filledQty: '1.99019607',
      filledQuote: '20099.999914',
      avgPrice: '10099.51',
      worstPrice: '10200',
      slippageQuote: '198.039214',
      slippagePct: '1',
      fullyFilled: true,
      unfilled: null,
      levelsUsed: 3,
    });
    // 20,100 of the 35,500 KRW on the asks: 56.62 % of the visible depth (> 50 %).
    expect(r.warnings).toEqual([{ code: 'DEPTH_SHARE', pct: '56.62', limit: '50' }]);
  });

  it('a book too thin: 100,000 KRW against 35,500 KRW of asks leaves 64,500 KRW unfilled', () => {
    // All 3.5 coins for 35,500: average 10,142.857... -> 10,142.86; slippage 35,500 - 35,000 = 500 = 1.43 %.
    const r = run({ amt: '100000' });
    expect(r.estimate).toMatchObject({
      filledQty: '3.5',
      filledQuote: '35500',
      avgPrice: '10142.86',
      slippageQuote: '500',
      slippagePct: '1.43',
      fullyFilled: false,
      unfilled: '64500',
      unfilledUnit: 'quote',
      rest: 'canceled',
    });
    expect(r.warnings).toContainEqual({
      code: 'BOOK_TOO_THIN',
      unfilled: '64500',
      unit: 'quote',
      filled: '35500',
      levels: 3,
    });
    expect(codes(r)).toContain('HIGH_SLIPPAGE');
    // The thin-book sentence already says it: no separate depth-share warning.
    expect(codes(r)).not.toContain('DEPTH_SHARE');
  });

  it('no asks at all: NO_LIQUIDITY', () => {
    expect(codes(run({ amt: '1000', asks: [] }))).toEqual(['NO_LIQUIDITY']);
  });

  it('decimal prices: 60,000 against 512.5 x 100 and 513 x 50', () => {
    // 51,250 buys 100; 8,750 left buys floor(8,750 / 513) = 17.05653021 (8,749.99999773).
    // Qty 117.05653021, quote 59,999.99999773, average 512.573 (price decimals + 2).
    const r = run({
      amt: '60000',
      last: '512.5',
      asks: [
        { price: '512.5', qty: '100' },
        { price: '513', qty: '50' },
      ],
    });
    expect(r.estimate).toMatchObject({
      filledQty: '117.05653021',
      filledQuote: '59999.99999773',
      avgPrice: '512.573',
      slippageQuote: '8.528265105',
      slippagePct: '0.01',
    });
  });

  it('price protection caps the walk: mid 9,950, 1 % -> up to 10,049; 15,000 of 20,000 KRW canceled', () => {
    const r = run({ amt: '20000', pp: true, ppPercent: 1 });
    expect(r.estimate).toMatchObject({ filledQuote: '5000', unfilled: '15000' });
    expect(r.warnings).toContainEqual({
      code: 'PROTECTION_CAPS',
      bound: '10049',
      unfilled: '15000',
      unit: 'quote',
    });
    expect(codes(r)).not.toContain('BOOK_TOO_THIN');
  });
});

describe('market sell by quantity', () => {
  it('2.5 against the bids: 9,900 x 1 + 9,800 x 1.5 = 24,600, average 9,840, slippage 150 = 0.61 %', () => {
    const r = run({ side: 'sell', qty: '2.5' });
    expect(r.estimate).toMatchObject({
      bestPrice: '9900',
      filledQuote: '24600',
      avgPrice: '9840',
      slippageQuote: '150',
      slippagePct: '0.61',
      fullyFilled: true,
    });
    expect(codes(r)).not.toContain('HIGH_SLIPPAGE');
    // A stricter threshold (0.5 %) warns.
    const strict = run({
      side: 'sell',
      qty: '2.5',
      thresholds: { ...DEFAULT_THRESHOLDS, slippagePct: '0.5' },
    });
    expect(strict.warnings).toContainEqual({
      code: 'HIGH_SLIPPAGE',
      pct: '0.61',
      quote: '150',
      avg: '9840',
      best: '9900',
    });
  });

  it('10 coins against 6 on the bids: 4 unfilled (base)', () => {
    const r = run({ side: 'sell', qty: '10' });
    expect(r.warnings).toContainEqual({
      code: 'BOOK_TOO_THIN',
      unfilled: '4',
      unit: 'base',
      filled: '6',
      levels: 3,
    });
  });
});

describe('best orders', () => {
  it('best buy ioc, 1st ask: 15,000 KRW -> 1.5 coins at 10,000, only 0.5 there, 1 canceled', () => {
    const r = run({ orderType: 'best', timeInForce: 'ioc', bestNth: 1, amt: '15000' });
    expect(r.estimate).toMatchObject({
      pegPrice: '10000',
      filledQty: '0.5',
      avgPrice: '10000',
      slippageQuote: '0',
      unfilled: '1',
      unfilledUnit: 'base',
      rest: 'canceled',
    });
    expect(r.warnings).toContainEqual({
      code: 'BOOK_TOO_THIN',
      unfilled: '1',
      unit: 'base',
      filled: '0.5',
      levels: 3,
    });
  });

  it('best buy gtc, 2nd ask: 30,300 KRW -> 3 coins up to 10,100; 1.5 fill (15,100), 1.5 rests', () => {
    // Average 15,100 / 1.5 = 10,066.67; against 15,000 at the best ask: 100 KRW = 0.67 %.
    const r = run({ orderType: 'best', timeInForce: 'gtc', bestNth: 2, amt: '30300' });
    expect(r.estimate).toMatchObject({
      pegPrice: '10100',
      filledQty: '1.5',
      filledQuote: '15100',
      avgPrice: '10066.67',
      slippagePct: '0.67',
      unfilled: '1.5',
      rest: 'rests',
    });
    // 3 coins against 3.5 on the asks: 85.71 % of the visible depth.
    expect(r.warnings).toEqual([{ code: 'DEPTH_SHARE', pct: '85.71', limit: '50' }]);
  });

  it('best sell post-only pegs to its own side (1st ask 10,000) and rests', () => {
    const r = run({ side: 'sell', orderType: 'best', timeInForce: 'po', bestNth: 1, qty: '1' });
    expect(r.estimate).toMatchObject({ pegPrice: '10000', marketable: false, rest: 'rests' });
    expect(codes(r)).toEqual([]);
  });

  it('a 5th level that is not on screen: BEST_UNAVAILABLE', () => {
    const r = run({ orderType: 'best', timeInForce: 'ioc', bestNth: 5, amt: '1000' });
    expect(r).toEqual({ estimate: null, warnings: [{ code: 'BEST_UNAVAILABLE', nth: 5 }] });
  });
});

describe('limit orders', () => {
  const limit = (o: Partial<PreTradeInput>) => run({ orderType: 'limit', timeInForce: 'gtc', ...o });

  it('post-only at the best ask crosses; one won under does not', () => {
    const r = limit({ timeInForce: 'po', price: '10000', qty: '0.1' });
    expect(r.warnings).toContainEqual({ code: 'POST_ONLY_CROSSES', price: '10000', best: '10000' });
    expect(r.estimate?.marketable).toBe(false);
    expect(codes(limit({ timeInForce: 'po', price: '9999', qty: '0.1' }))).toEqual([]);
    // A sell post-only at the best bid crosses too.
    expect(codes(limit({ side: 'sell', timeInForce: 'po', price: '9900', qty: '0.1' }))).toContain(
      'POST_ONLY_CROSSES',
    );
  });

  it('fat finger above: a buy at 12,000 with last 10,000 is 20 % above (threshold 10 %)', () => {
    const r = limit({ price: '12000', qty: '0.01' });
    expect(r.warnings).toContainEqual({
      code: 'FAT_FINGER',
      direction: 'above',
      pct: '20',
      price: '12000',
      last: '10000',
    });
    expect(r.estimate?.fromLastPct).toBe('20');
  });

  it('fat finger below: a sell at 8,000 is 20 % below; exactly 10 % away is not past the threshold', () => {
    const r = limit({ side: 'sell', price: '8000', qty: '0.01' });
    expect(r.warnings).toContainEqual({
      code: 'FAT_FINGER',
      direction: 'below',
      pct: '20',
      price: '8000',
      last: '10000',
    });
    expect(r.estimate?.fromLastPct).toBe('-20');
    expect(codes(limit({ side: 'sell', price: '9000', qty: '0.01' }))).not.toContain('FAT_FINGER');
  });

  it('fat finger without a last price uses the mid (9,950)', () => {
    const r = limit({ price: '11000', qty: '0.01', last: null });
    // 1,050 / 9,950 = 10.55 %
    expect(r.warnings).toContainEqual({
      code: 'FAT_FINGER',
      direction: 'above',
      pct: '10.55',
      price: '11000',
      last: '9950',
    });
  });

  it('depth share: a sell of 4 against 6 bids is 66.67 % (> 50 %); 3 is exactly 50 % (not over)', () => {
    const r = limit({ side: 'sell', price: '10500', qty: '4' });
    expect(r.warnings).toContainEqual({ code: 'DEPTH_SHARE', pct: '66.67', limit: '50' });
    expect(codes(limit({ side: 'sell', price: '10500', qty: '3' }))).not.toContain('DEPTH_SHARE');
  });

  it('equity share: 1 x 9,000 is 90 % of 10,000 equity; 45 % of 20,000 is fine', () => {
    const r = limit({ price: '9000', qty: '1', equity: '10000' });
    expect(r.warnings).toContainEqual({ code: 'EQUITY_SHARE', pct: '90', limit: '50' });
    expect(r.estimate?.equityPct).toBe('90');
    expect(codes(limit({ price: '9000', qty: '1', equity: '20000.123456789012345' }))).not.toContain(
      'EQUITY_SHARE',
    );
  });

  it('a crossing limit buy fills at once up to its price: 2 at 10,100 takes 0.5 + 1, 0.5 rests', () => {
    const r = limit({ price: '10100', qty: '2' });
    expect(r.estimate).toMatchObject({ marketable: true, filledQty: '1.5', unfilled: '0.5', rest: 'rests' });
  });

  it('fill-or-kill that cannot fill in full, and an IOC that does not cross', () => {
    expect(limit({ timeInForce: 'fok', price: '10100', qty: '2' }).warnings).toContainEqual({
      code: 'FOK_WOULD_KILL',
      filled: '1.5',
    });
    expect(limit({ timeInForce: 'ioc', price: '9950', qty: '1' }).warnings).toContainEqual({
      code: 'IOC_WOULD_EXPIRE',
      best: '10000',
    });
  });
});

describe('nothing to say', () => {
  it('an incomplete draft, an empty book or a malformed level gives no estimate', () => {
    expect(run({ amt: '' }).estimate).toBeNull();
    expect(run({ orderType: 'limit', price: '10000', qty: null }).estimate).toBeNull();
    expect(run({ amt: '1000', bids: [], asks: [] }).estimate).toBeNull();
    expect(run({ amt: '1000', asks: [{ price: '1e5', qty: '1' }] })).toEqual({
      estimate: null,
      warnings: [],
    });
  });
});

describe('equity in KRW', () => {
  it('sums balance x last KRW price, KRW at 1, unpriced currencies left out', async () => {
    const { equityKrw } = await import('./equity.js');
    // 1,000,000 KRW + 0.5 BTC x 90,000,000 + 100 XRP x 512.5 = 46,051,250; DOGE has no price.
    expect(
      equityKrw(
        [
          { currency: 'KRW', balance: '1000000' },
          { currency: 'btc', balance: '0.5' },
          { currency: 'xrp', balance: '100' },
          { currency: 'doge', balance: '7' },
        ],
        { btc: '90000000', xrp: '512.5' },
      ),
    ).toBe('46051250');
  });
});
