import { describe, expect, it } from 'vitest';
import { countsFrom, dayPnl, type Flow, kstDayStart, openingPoint, totalDayPnl } from './dayPnl.js';

// 2026-03-10 00:00 KST = 2026-03-09 15:00 UTC
const MIDNIGHT = Date.UTC(2026, 2, 9, 15, 0, 0);
const MIN = 60_000;

describe('kstDayStart', () => {
  it('is 15:00 UTC of the previous UTC day', () => {
    expect(kstDayStart(MIDNIGHT)).toBe(MIDNIGHT);
    expect(kstDayStart(MIDNIGHT - 1)).toBe(MIDNIGHT - 24 * 3600_000);
    expect(kstDayStart(MIDNIGHT + 1)).toBe(MIDNIGHT);
    // 08:59 UTC on the 10th is still the KST day that began at MIDNIGHT
    expect(kstDayStart(Date.UTC(2026, 2, 10, 8, 59))).toBe(MIDNIGHT);
    expect(kstDayStart(Date.UTC(2026, 2, 10, 15, 0))).toBe(MIDNIGHT + 24 * 3600_000);
  });
});

describe('openingPoint', () => {
  it('takes the last snapshot at or before midnight, else the first after', () => {
    const pts = [
      { ts: MIDNIGHT - 2 * MIN, equityKrw: '90' },
      { ts: MIDNIGHT, equityKrw: '100' },
      { ts: MIDNIGHT + MIN, equityKrw: '110' },
    ];
    expect(openingPoint(pts, MIDNIGHT)?.equityKrw).toBe('100');
    expect(openingPoint(pts.slice(2), MIDNIGHT)?.equityKrw).toBe('110');
    expect(openingPoint([], MIDNIGHT)).toBeNull();
  });
});

describe('dayPnl across KST midnight', () => {
  const points = [
    { ts: MIDNIGHT - 10 * MIN, equityKrw: '1000000' },
    { ts: MIDNIGHT - MIN, equityKrw: '1050000' }, // yesterday's gains are not today's
    { ts: MIDNIGHT + MIN, equityKrw: '1060000' },
    { ts: MIDNIGHT + 60 * MIN, equityKrw: '1600000' },
  ];
  it('measures from the last snapshot before 00:00 KST, not a rolling 24 hours', () => {
    const r = dayPnl({ points, flows: [], now: MIDNIGHT + 30 * MIN, currentEquity: '1070000' });
    expect(r.opening?.equityKrw).toBe('1050000');
    expect(r.pnl).toBe('20000');
    expect(r.dayStart).toBe(MIDNIGHT);
  });
  it('separates deposits, withdrawals and transfers from profit', () => {
    const flows: Flow[] = [
      { ts: MIDNIGHT - 5 * MIN, kind: 'deposit', valueKrw: '999999' }, // yesterday: ignored
      { ts: MIDNIGHT + 10 * MIN, kind: 'deposit', valueKrw: '500000' },
      { ts: MIDNIGHT + 20 * MIN, kind: 'withdrawal', valueKrw: '20000' },
      { ts: MIDNIGHT + 30 * MIN, kind: 'transferIn', valueKrw: '100000' },
      { ts: MIDNIGHT + 40 * MIN, kind: 'transferOut', valueKrw: '30000' },
    ];
    const r = dayPnl({ points, flows, now: MIDNIGHT + 61 * MIN });
    // newest snapshot 1,600,000 - opening 1,050,000 = 550,000 moved; 550,000 of it came in
    expect(r.current).toBe('1600000');
    expect(r.inflows).toBe('600000');
    expect(r.outflows).toBe('50000');
    expect(r.netFlows).toBe('550000');
    expect(r.pnl).toBe('0');
    expect(r.pct).toBe('0');
  });
  it('a loss with a deposit on top is still a loss', () => {
    const r = dayPnl({
      points,
      flows: [{ ts: MIDNIGHT + 5 * MIN, kind: 'deposit', valueKrw: '600000' }],
      now: MIDNIGHT + 61 * MIN,
    });
    expect(r.pnl).toBe('-50000');
    expect(r.pct).toBe('-3.03'); // -50,000 / (1,050,000 + 600,000)
  });
  it('after the next midnight the day restarts', () => {
    const next = MIDNIGHT + 24 * 3600_000;
    const r = dayPnl({
      points: [...points, { ts: next - MIN, equityKrw: '1700000' }],
      flows: [{ ts: MIDNIGHT + 5 * MIN, kind: 'deposit', valueKrw: '600000' }],
      now: next + 5 * MIN,
      currentEquity: '1690000',
    });
    expect(r.opening?.equityKrw).toBe('1700000');
    expect(r.netFlows).toBe('0');
    expect(r.pnl).toBe('-10000');
  });
  it('without a snapshot before midnight the first of the day opens and earlier flows are in it', () => {
    const r = dayPnl({
      points: [{ ts: MIDNIGHT + 60 * MIN, equityKrw: '2000000' }],
      flows: [
        { ts: MIDNIGHT + 30 * MIN, kind: 'deposit', valueKrw: '1000000' },
        { ts: MIDNIGHT + 90 * MIN, kind: 'withdrawal', valueKrw: '100000' },
      ],
      now: MIDNIGHT + 120 * MIN,
      currentEquity: '1950000',
    });
    expect(r.netFlows).toBe('-100000');
    expect(r.pnl).toBe('50000');
  });
  it('has no P&L without any snapshot, and totals skip unknown accounts', () => {
    const none = dayPnl({ points: [], flows: [], now: MIDNIGHT, currentEquity: '5' });
    expect(none.pnl).toBeNull();
    const one = dayPnl({ points, flows: [], now: MIDNIGHT + 30 * MIN, currentEquity: '1070000' });
    expect(totalDayPnl([none, one, one]).pnl).toBe('40000');
    expect(totalDayPnl([none]).pnl).toBeNull();
  });
  it('is uncertain while a flow list could not be read (a missed deposit would count as profit)', () => {
    const unread = [
      { list: 'balance' as const, currency: null, code: 'SERVICE_UNAVAILABLE', at: MIDNIGHT },
      { list: 'coinDeposits' as const, currency: 'btc', code: 'BAD_REQUEST', at: MIDNIGHT },
      { list: 'coinDeposits' as const, currency: 'eth', code: 'BAD_REQUEST', at: MIDNIGHT },
    ];
    const base = { points, flows: [], now: MIDNIGHT + 30 * MIN, currentEquity: '1070000' };
    const sure = dayPnl(base);
    const unsure = dayPnl({ ...base, unread });
    expect(sure.unreadFlows).toEqual([]);
    expect(unsure.unreadFlows).toEqual(['coinDeposits']);
    // a balance read failing alone does not make the flows uncertain
    expect(dayPnl({ ...base, unread: unread.slice(0, 1) }).unreadFlows).toEqual([]);
    expect(totalDayPnl([sure, sure]).uncertain).toBe(false);
    expect(totalDayPnl([sure, unsure]).uncertain).toBe(true);
  });
});

describe('dayPnl with the ledger 00:00 equity', () => {
  const late = [
    { ts: MIDNIGHT + 300 * MIN, equityKrw: '1100000' },
    { ts: MIDNIGHT + 301 * MIN, equityKrw: '1110000' },
  ];
  it('starts from the reconstructed 00:00 value when the first snapshot came later, flows from midnight on', () => {
    const r = dayPnl({
      points: late,
      flows: [{ ts: MIDNIGHT + 60 * MIN, kind: 'deposit', valueKrw: '50000' }],
      now: MIDNIGHT + 302 * MIN,
      currentEquity: '1120000',
      estimatedOpening: '1000000',
    });
    expect(r.openingEstimated).toBe(true);
    expect(r.opening).toEqual({ ts: MIDNIGHT, equityKrw: '1000000' });
    // the deposit at 01:00 counts: it came after the opening at 00:00
    expect(r.netFlows).toBe('50000');
    expect(r.pnl).toBe('70000');
  });
  it('keeps a snapshot from midnight over the reconstruction', () => {
    const r = dayPnl({
      points: [{ ts: MIDNIGHT - MIN, equityKrw: '990000' }, ...late],
      flows: [],
      now: MIDNIGHT + 302 * MIN,
      currentEquity: '1000000',
      estimatedOpening: '1234567',
    });
    expect(r.openingEstimated).toBe(false);
    expect(r.pnl).toBe('10000');
  });
  it('without a reconstruction counts from the first snapshot, as before', () => {
    const r = dayPnl({ points: late, flows: [], now: MIDNIGHT + 302 * MIN, currentEquity: '1120000' });
    expect(r.openingEstimated).toBe(false);
    expect(r.opening?.ts).toBe(MIDNIGHT + 300 * MIN);
    expect(r.pnl).toBe('20000');
  });
});

describe('a snapshot from long before midnight', () => {
  // the proxy was stopped at 22:00 and started again at 05:00: yesterday's last snapshot is not 00:00
  const points = [
    { ts: MIDNIGHT - 120 * MIN, equityKrw: '900000' },
    { ts: MIDNIGHT + 300 * MIN, equityKrw: '1100000' },
  ];
  const flows: Flow[] = [{ ts: MIDNIGHT - 60 * MIN, kind: 'deposit', valueKrw: '150000' }];
  it('does not open the day: the first snapshot of the day does, labelled by its time', () => {
    const r = dayPnl({ points, flows, now: MIDNIGHT + 301 * MIN, currentEquity: '1110000' });
    expect(r.opening?.ts).toBe(MIDNIGHT + 300 * MIN);
    // not 1,110,000 - 900,000: yesterday's evening and its deposit are not today's profit
    expect(r.pnl).toBe('10000');
  });
  it('gives way to the ledger 00:00 value when there is one', () => {
    const r = dayPnl({
      points,
      flows,
      now: MIDNIGHT + 301 * MIN,
      currentEquity: '1110000',
      estimatedOpening: '1050000',
    });
    expect(r.openingEstimated).toBe(true);
    expect(r.pnl).toBe('60000');
  });
  it('a snapshot a few minutes before midnight still opens it', () => {
    expect(openingPoint([{ ts: MIDNIGHT - 5 * MIN, equityKrw: '1' }], MIDNIGHT)?.equityKrw).toBe('1');
    expect(openingPoint([{ ts: MIDNIGHT - 11 * MIN, equityKrw: '1' }], MIDNIGHT)).toBeNull();
  });
});

describe('countsFrom', () => {
  it('names the start only when the opening came more than the first minutes after 00:00', () => {
    const at = (ts: number) => countsFrom({ dayStart: MIDNIGHT, opening: { ts, equityKrw: '1' } });
    expect(at(MIDNIGHT + MIN)).toBeNull();
    expect(at(MIDNIGHT + 5 * MIN)).toBe(MIDNIGHT + 5 * MIN);
    expect(countsFrom({ dayStart: MIDNIGHT, opening: null })).toBeNull();
  });
});
