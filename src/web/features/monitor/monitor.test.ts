import { describe, expect, it } from 'vitest';
import { dayPnl } from './dayPnl.js';
import { fitGrid, gridFor, nextPage, pageCount, pageItems } from './paging.js';
import { monitorEntries } from './useMonitorAccounts.js';

describe('wall paging', () => {
  it('fits a grid into the viewport', () => {
    expect(fitGrid({ width: 1920, height: 1080, minCardWidth: 600, minCardHeight: 500 })).toEqual({
      columns: 3,
      rows: 2,
      perPage: 6,
    });
    expect(fitGrid({ width: 100, height: 100, minCardWidth: 600, minCardHeight: 500 }).perPage).toBe(1);
    expect(
      fitGrid({ width: 1210, height: 500, minCardWidth: 600, minCardHeight: 500, gap: 10 }).columns,
    ).toBe(2);
    expect(
      fitGrid({ width: 1209, height: 500, minCardWidth: 600, minCardHeight: 500, gap: 10 }).columns,
    ).toBe(1);
  });

  it('shrinks the grid to the number of cards', () => {
    expect(gridFor(2, { columns: 3, rows: 2, perPage: 6 })).toEqual({ columns: 2, rows: 1, perPage: 6 });
    expect(gridFor(4, { columns: 3, rows: 2, perPage: 6 })).toEqual({ columns: 3, rows: 2, perPage: 6 });
  });

  it('pages accounts and wraps', () => {
    const items = [1, 2, 3, 4, 5, 6, 7];
    expect(pageCount(7, 3)).toBe(3);
    expect(pageCount(0, 3)).toBe(1);
    expect(pageItems(items, 0, 3)).toEqual([1, 2, 3]);
    expect(pageItems(items, 2, 3)).toEqual([7]);
    expect(pageItems(items, 3, 3)).toEqual([1, 2, 3]);
    expect(nextPage(2, 7, 3)).toBe(0);
    expect(nextPage(0, 7, 3)).toBe(1);
  });
});

describe('day P&L', () => {
  const tickers = [{ symbol: 'btc_krw', close: '110', prevClose: '100' }];

  it('marks held coins from the previous close', () => {
    expect(dayPnl([{ currency: 'btc', balance: '2' }], [], tickers).pnl).toBe('20');
  });

  it('counts a buy inside the window from its price, not the previous close', () => {
    // Bought 1 at 105 today: start 1 btc (100) + cash; now 2 btc at 110.
    const fills = [{ symbol: 'btc_krw', side: 'buy', price: '105', qty: '1', fee: '1', feeCurrency: 'krw' }];
    // 2*110 - 1*100 - 105 - 1 = 14
    expect(dayPnl([{ currency: 'btc', balance: '2' }], fills, tickers).pnl).toBe('14');
  });

  it('counts a sell and a coin fee', () => {
    const fills = [
      { symbol: 'btc_krw', side: 'sell', price: '108', qty: '1', fee: '0.01', feeCurrency: 'btc' },
    ];
    // start = 0 - (-1 - 0.01) = 1.01 btc at 100 = 101; now 0; cash +108 => 7
    expect(dayPnl([{ currency: 'btc', balance: '0' }], fills, tickers).pnl).toBe('7');
  });

  it('lists coins without a KRW ticker', () => {
    const r = dayPnl(
      [
        { currency: 'zzz', balance: '1' },
        { currency: 'krw', balance: '5' },
      ],
      [],
      tickers,
    );
    expect(r).toEqual({ pnl: '0', missing: ['zzz'] });
  });
});

describe('monitor entries', () => {
  const ki = (userUuid: string, seqs: number[]) => ({
    apiKey: 'k',
    userUuid,
    type: 'hmac-sha256' as const,
    permissions: [],
    status: 'activated' as const,
    allowedAccountSeqs: seqs,
  });
  it('lists each allowed account once across profiles of the same user, and keeps other users', () => {
    const entries = monitorEntries([
      {
        profile: { id: 'a', label: 'A' },
        keyInfo: ki('u1', [3, 1, 2]),
        accounts: [{ accountSeq: 2, accountName: 'Bot' }],
      },
      { profile: { id: 'b', label: 'B' }, keyInfo: ki('u1', [1, 2]), accounts: undefined },
      { profile: { id: 'c', label: 'C' }, keyInfo: ki('u2', [1]), accounts: undefined },
      { profile: { id: 'd', label: 'D' }, keyInfo: undefined, accounts: undefined },
    ]);
    expect(entries.map((e) => e.id)).toEqual(['a:1', 'a:2', 'a:3', 'c:1']);
    expect(entries[1]?.accountName).toBe('Bot');
  });
});
