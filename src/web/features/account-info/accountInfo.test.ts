import { describe, expect, it } from 'vitest';
import { gate } from '../../lib/gate.js';
import { expiryState } from './expiry.js';

const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 25);

describe('key expiry', () => {
  it('warns under 30 days and not at 30 or more', () => {
    expect(expiryState(now + 29 * DAY, now)).toEqual({ daysLeft: 29, expired: false, warn: true });
    expect(expiryState(now + 30 * DAY, now)).toEqual({ daysLeft: 30, expired: false, warn: false });
    expect(expiryState(now - 1, now)?.expired).toBe(true);
    expect(expiryState(String(now + 5 * DAY), now)?.daysLeft).toBe(5);
    expect(expiryState(new Date(now + 40 * DAY).toISOString(), now)?.warn).toBe(false);
    expect(expiryState(null, now)).toBeNull();
  });
});

describe('action gate', () => {
  const key = {
    permissions: ['readBalances', 'writeTransfers'],
    allowedAccountSeqs: [1, 2],
    status: 'activated',
  };
  it('allows a permitted action on an allowed account', () => {
    expect(gate(key, { permission: 'writeTransfers', accountSeq: 2 })).toEqual({ ok: true });
  });
  it('gives the reason when not allowed', () => {
    expect(gate(undefined, { permission: 'readBalances' })).toEqual({
      ok: false,
      reason: { code: 'LOADING' },
    });
    expect(gate(key, { permission: 'writeWithdrawals' })).toEqual({
      ok: false,
      reason: { code: 'MISSING_PERMISSION', permission: 'writeWithdrawals' },
    });
    expect(gate(key, { permission: 'readBalances', accountSeq: 3 })).toEqual({
      ok: false,
      reason: { code: 'ACCOUNT_NOT_ALLOWED', accountSeq: 3 },
    });
    expect(gate(key, { permission: 'readBalances', accountSeq: 2, mainOnly: true }).ok).toBe(false);
    expect(gate({ ...key, status: 'deactivated' }, { permission: 'readBalances' }).ok).toBe(false);
    expect(gate(key, { permission: 'readBalances', proxyAllowsWithdrawals: false }).ok).toBe(false);
  });
});
