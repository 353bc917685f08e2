import { describe, expect, it } from 'vitest';
import type { LedgerAccountStatus } from './api.js';
import { cellSize } from './CalendarHeat.js';
import { depositsNeedingCost } from './CostEntry.js';
import { csvUrl, fileNameOf } from './csv.js';
import { syncSummary } from './syncSummary.js';

const acct = (seq: number, patch: Partial<LedgerAccountStatus> = {}): LedgerAccountStatus => ({
  profileId: 'demo',
  accountSeq: seq,
  owner: 'u1',
  syncedUntil: 1000,
  oldestReached: 100,
  gaps: [],
  syncing: false,
  lastSyncAt: 900,
  eventCount: 3,
  lists: [],
  ...patch,
});

describe('syncSummary', () => {
  it('reaches back only as far as every account of the scope does', () => {
    const s = syncSummary([acct(1, { oldestReached: 100 }), acct(2, { oldestReached: 300 })], 'all', {
      from: 0,
      to: 2000,
    });
    expect(s.reachesBack).toBe(300);
    expect(
      syncSummary([acct(1), acct(2, { oldestReached: 300 })], 'demo:1', { from: 0, to: 2000 }).reachesBack,
    ).toBe(100);
  });
  it('keeps only the gaps touching the period, the newest error and the unread lists', () => {
    const s = syncSummary(
      [
        acct(1, {
          gaps: [
            { from: 0, to: 50, lists: ['trades'], reason: 'beforeFirstSync' },
            { from: 500, to: 600, lists: ['coinDeposits'], reason: 'offline' },
          ],
          lastError: { code: 'TOO_MANY_REQUESTS', message: '', at: 10 },
          lists: [
            {
              list: 'coinDeposits',
              syncedUntil: 1,
              oldestReached: 1,
              lastError: { code: 'X', message: '', at: 5 },
            },
          ],
        }),
        acct(2, { syncing: true, lastError: { code: 'SERVICE_UNAVAILABLE', message: '', at: 20 } }),
      ],
      'all',
      { from: 100, to: 1000 },
    );
    expect(s.gaps.map((g) => g.reason)).toEqual(['offline']);
    expect(s.lastError).toEqual({ code: 'SERVICE_UNAVAILABLE', at: 20 });
    expect(s.unreadLists).toEqual(['coinDeposits']);
    expect(s.syncing).toBe(true);
  });
  it('an account never synced says so', () => {
    const s = syncSummary([acct(1, { syncedUntil: null, oldestReached: null, lastSyncAt: null })], 'all', {
      from: 0,
      to: 1,
    });
    expect(s).toMatchObject({ everSynced: false, reachesBack: null, lastSyncAt: null });
  });
});

describe('deposits that need a cost', () => {
  const base = { profileId: 'demo', accountSeq: 1, at: 1, kind: 'deposit' as const, amount: '1' };
  it('coin deposits that arrived and have no cost yet', () => {
    const evs = [
      { ...base, id: 'a', currency: 'btc', status: 'done' },
      { ...base, id: 'b', currency: 'krw', status: 'done' },
      { ...base, id: 'c', currency: 'btc', status: 'pending' },
      { ...base, id: 'd', currency: 'btc', status: 'done', costKrw: '100' },
      { ...base, id: 'e', currency: 'eth', status: 'done' },
    ];
    expect(depositsNeedingCost(evs).map((e) => e.id)).toEqual(['a', 'e']);
    expect(depositsNeedingCost(evs, 'eth').map((e) => e.id)).toEqual(['e']);
  });
});

describe('CSV download', () => {
  it('asks for the year, the scope and the language', () => {
    expect(csvUrl(2026, 'all', 'ko')).toBe('/api/ledger/export.csv?year=2026&lang=ko');
    expect(csvUrl(2025, 'demo:2', 'en')).toBe('/api/ledger/export.csv?year=2025&lang=en&accounts=demo%3A2');
  });
  it('keeps the proxy file name when it is a plain .csv name', () => {
    expect(fileNameOf('attachment; filename="ledger-2026.csv"', 2026)).toBe('ledger-2026.csv');
    expect(fileNameOf('attachment; filename="../../etc/passwd"', 2026)).toBe('ledger-2026.csv');
    expect(fileNameOf(null, 2024)).toBe('ledger-2024.csv');
  });
});

describe('calendar cell size', () => {
  it('fits a year into the panel and labels short periods', () => {
    expect(cellSize(2)).toBe(20);
    expect(cellSize(14)).toBe(20);
    expect(cellSize(53)).toBe(7);
    expect(53 * (cellSize(53) + 2)).toBeLessThan(480);
  });
});
