import { describe, expect, it } from 'vitest';
import { deskTotals } from './deskTotals.js';
import { testReport } from './testReport.js';

const report = testReport;

const T0808 = 1_795_792_080_000;

describe('deskTotals', () => {
  it('sums value, day P&L, open orders and fills; uncertain lists once each', () => {
    const t = deskTotals([
      report('a', {
        equityKrw: '734652500',
        dayPnl: '-600649.5',
        openOrders: 2,
        fillsToday: 1,
        pnlUncertain: 'deposits',
      }),
      report('b', {
        equityKrw: '124877500',
        dayPnl: '-122500',
        openOrders: 1,
        pnlUncertain: 'deposits,withdrawals',
      }),
      report('c', { equityKrw: null, dayPnl: null }),
    ]);
    expect(t).toMatchObject({ equity: '859530000', dayPnl: '-723149.5', openOrders: 3, fillsToday: 1 });
    expect(t.uncertain).toEqual(['deposits', 'withdrawals']);
  });

  it('every account from 00:00: no later start', () => {
    const t = deskTotals([report('a', { dayPnl: '1' }), report('b', { dayPnl: '2' })]);
    expect(t.dayFrom).toBeNull();
    expect(t.dayFromPartial).toBe(false);
  });

  it('every account from a later time: that time, not partial', () => {
    const t = deskTotals([
      report('a', { dayPnl: '1', dayFrom: T0808 }),
      report('b', { dayPnl: '2', dayFrom: T0808 - 60_000 }),
    ]);
    expect(t.dayFrom).toBe(T0808);
    expect(t.dayFromPartial).toBe(false);
  });

  it('some from 00:00 and some later: the later time, marked partial', () => {
    const t = deskTotals([report('a', { dayPnl: '1' }), report('b', { dayPnl: '2', dayFrom: T0808 })]);
    expect(t.dayFrom).toBe(T0808);
    expect(t.dayFromPartial).toBe(true);
  });

  it('an account without a day P&L does not set when the total counts from', () => {
    const t = deskTotals([report('a', { dayPnl: '1' }), report('b', { dayPnl: null, dayFrom: T0808 })]);
    expect(t.dayFrom).toBeNull();
    expect(t.dayFromPartial).toBe(false);
    expect(deskTotals([]).dayPnl).toBeNull();
  });
});
