import { describe, expect, it } from 'vitest';
import type { DeskEquity } from '../../../core/proxyApi/desk.js';
import { lateOpening } from './useDeskEquity.js';

const DAY = Date.UTC(2027, 0, 9, 15, 0);
const account = (openingTs: number, estimate?: string) => ({
  owner: 'u1',
  profileId: 'p1',
  accountSeq: 1,
  points: [],
  flows: [],
  ...(estimate ? { openingEstimateKrw: estimate } : {}),
  // as the proxy computes it: with the ledger's value the day opens at 00:00 with it
  day: {
    dayStart: DAY,
    opening: estimate ? { ts: DAY, equityKrw: estimate } : { ts: openingTs, equityKrw: '100' },
    openingEstimated: estimate !== undefined,
    current: '100',
    netFlows: '0',
    inflows: '0',
    outflows: '0',
    pnl: '0',
    pct: '0',
    unreadFlows: [],
  },
});
const equity = (accounts: ReturnType<typeof account>[]): DeskEquity => ({
  now: DAY + 5 * 3_600_000,
  dayStart: DAY,
  periodMs: 60_000,
  lastSampleAt: 0,
  accounts,
});

describe('lateOpening (the desk reads again sooner while it holds)', () => {
  it('holds while an account counts from a snapshot after midnight without the ledger value', () => {
    expect(lateOpening(equity([account(DAY - 60_000), account(DAY + 3_600_000)]))).toBe(true);
  });
  it('does not once every such account has the ledger value, or all count from midnight', () => {
    expect(lateOpening(equity([account(DAY + 3_600_000, '99')]))).toBe(false);
    expect(lateOpening(equity([account(DAY), account(DAY + 60_000)]))).toBe(false);
  });
});
