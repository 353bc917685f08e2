import { describe, expect, it } from 'vitest';
import { monitorEntries } from '../../lib/accounts/useMonitorAccounts.js';
import { fitGrid, gridFor, nextPage, pageCount, pageItems } from './paging.js';

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
