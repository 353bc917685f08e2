import { describe, expect, it } from 'vitest';
import { SandboxProfile, STRICT_DEFAULTS, unitHash } from './profile.js';

describe('SandboxProfile', () => {
  it('standard: no strict reading, no failures', () => {
    const p = new SandboxProfile();
    expect(p.strict).toBe(false);
    expect(p.requiresFundingCurrency).toBe(false);
    expect(p.omitsCloseTimes).toBe(false);
    expect(p.omitsZeroBalances).toBe(false);
    expect(p.tradeSnapshotRows(30)).toBe(30);
    expect(p.state()).toEqual({
      profile: 'standard',
      tryAgainCancelShare: 0,
      readFailShare: 0,
      strictReadings: [],
    });
    for (let id = 1; id <= 500; id++) expect(p.refusesCancel(id)).toBe(false);
  });

  it('live-strict: every strict reading and the default shares', () => {
    const p = new SandboxProfile('live-strict', 3);
    expect(p.requiresFundingCurrency).toBe(true);
    expect(p.omitsCloseTimes).toBe(true);
    expect(p.omitsZeroBalances).toBe(true);
    expect(p.tradeSnapshotRows(30)).toBe(1);
    expect(p.tryAgainCancelShare).toBe(STRICT_DEFAULTS.tryAgainCancelShare);
    expect(p.readFailShare).toBe(STRICT_DEFAULTS.readFailShare);
    expect(p.state().strictReadings).toHaveLength(4);
  });

  it('refuses only the first cancel of an order, the same orders for the same seed, about the share', () => {
    const refused = (seed: number, ids: number[]) => {
      const p = new SandboxProfile('live-strict', seed);
      return ids.filter((id) => p.refusesCancel(id));
    };
    const ids = Array.from({ length: 2000 }, (_, i) => 1000 + i * 7);
    const a = refused(11, ids);
    // the answer depends on the order id, not on the order of requests
    expect(refused(11, [...ids].reverse()).sort((x, y) => x - y)).toEqual(a);
    expect(refused(12, ids)).not.toEqual(a);
    expect(a.length).toBeGreaterThan(2000 * 0.25);
    expect(a.length).toBeLessThan(2000 * 0.35);
    const p = new SandboxProfile('live-strict', 11);
    const first = a[0]!;
    expect(p.refusesCancel(first)).toBe(true);
    expect(p.refusesCancel(first)).toBe(false);
    expect(p.refusesCancel(first)).toBe(false);
  });

  it('share 1 refuses every first cancel, share 0 none', () => {
    const p = new SandboxProfile('live-strict', 1);
    expect(p.configure({ tryAgainCancelShare: 1 }).ok).toBe(true);
    for (let id = 1; id <= 100; id++) expect(p.refusesCancel(id)).toBe(true);
    expect(p.configure({ tryAgainCancelShare: 0 }).ok).toBe(true);
    for (let id = 101; id <= 200; id++) expect(p.refusesCancel(id)).toBe(false);
  });

  it('validates settings and changes nothing on bad input', () => {
    const p = new SandboxProfile('live-strict', 1);
    for (const bad of [
      null,
      [],
      'x',
      { readFailShare: 2 },
      { readFailShare: -0.1 },
      { tryAgainCancelShare: 'lots' },
      { tryAgainCancelShare: Number.NaN },
      { readFailShare: 0.5, other: 1 },
      { tryAgainCancelShare: 0.5, readFailShare: 7 },
    ]) {
      const r = p.configure(bad);
      expect(r.ok).toBe(false);
    }
    expect(p.tryAgainCancelShare).toBe(0.3);
    expect(p.readFailShare).toBe(0.03);
    const r = p.configure({ tryAgainCancelShare: '0.5', readFailShare: 0 });
    expect(r.ok && r.value).toMatchObject({ tryAgainCancelShare: 0.5, readFailShare: 0 });
  });

  it('unitHash spreads over [0, 1)', () => {
    const buckets = new Array(10).fill(0);
    for (let n = 0; n < 10_000; n++) {
      const u = unitHash(5, n);
      expect(u).toBeGreaterThanOrEqual(0);
      expect(u).toBeLessThan(1);
      buckets[Math.floor(u * 10)]++;
    }
    for (const b of buckets) expect(Math.abs(b - 1000)).toBeLessThan(150);
  });
});
