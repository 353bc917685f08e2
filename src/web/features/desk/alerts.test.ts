import { describe, expect, it } from 'vitest';
import type { AccountReport } from '../../lib/deskState.js';
import { deskAlerts } from './alerts.js';
import { testReport } from './testReport.js';

const NOW = Date.UTC(2026, 2, 10, 3, 0); // 12:00 KST
const DAY = 24 * 3600_000;
const rep = (id: string, extra: Partial<AccountReport> = {}): AccountReport =>
  testReport(id, {
    profileId: id.split(':')[0] as string,
    label: `#${id}`,
    equityKrw: '1000000',
    dayPnl: '0',
    keyExpiresAt: NOW + 365 * DAY,
    holdings: 1,
    ...extra,
  });

describe('deskAlerts', () => {
  it('is quiet when all is well', () => {
    expect(deskAlerts([rep('a:1'), rep('a:2')], { krwFloor: '500000', largeFillKrw: '1000' }, NOW)).toEqual(
      [],
    );
  });
  it('flags a disconnected stream first, a key expiring within 30 days once per key', () => {
    const r = deskAlerts(
      [
        rep('a:1', { keyExpiresAt: NOW + 3.5 * DAY }),
        rep('a:2', { keyExpiresAt: NOW + 3.5 * DAY }),
        rep('b:1', { streamStatus: 'interrupted' }),
        rep('c:1', { keyExpiresAt: NOW - 1 }),
      ],
      { krwFloor: '', largeFillKrw: '' },
      NOW,
    );
    expect(r.map((a) => a.kind)).toEqual(['disconnected', 'keyExpired', 'keyExpiring']);
    expect(r[2]?.value).toBe('4');
    // connecting at start is not an alert
    expect(
      deskAlerts([rep('a:1', { streamStatus: 'connecting' })], { krwFloor: '', largeFillKrw: '' }, NOW),
    ).toEqual([]);
  });
  it('flags an account below the KRW floor and a large fill of today only', () => {
    const r = deskAlerts(
      [
        rep('a:1', { equityKrw: '499999' }),
        rep('a:2', { largestFillKrw: '20000000', largestFillAt: NOW - 3600_000 }),
        rep('a:3', { largestFillKrw: '20000000', largestFillAt: NOW - DAY }), // yesterday (KST)
      ],
      { krwFloor: '500000', largeFillKrw: '10000000' },
      NOW,
    );
    expect(r.map((a) => `${a.kind}:${a.accountId}`)).toEqual(['belowFloor:a:1', 'largeFill:a:2']);
  });
});
