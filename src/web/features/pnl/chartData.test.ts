import { describe, expect, it } from 'vitest';
import type { AssetPnl, PnlFlow } from '../../../core/pnl/types.js';
import { allocationSlices, equityChartData, kstChartTime } from './chartData.js';

const H = 3600_000;
const T0 = Date.UTC(2026, 10, 20, 15); // 2026-11-21 00:00 KST

const flow = (at: number, kind: PnlFlow['kind'], valueKrw: string): PnlFlow => ({
  eventId: `e${at}${kind}`,
  profileId: 'demo',
  accountSeq: 1,
  at,
  kind,
  currency: 'krw',
  amount: valueKrw.replace('-', ''),
  valueKrw,
});

const asset = (currency: string, valueKrw: string): AssetPnl => ({
  currency,
  position: '1',
  avgCostKrw: null,
  realizedKrw: '0',
  unrealizedKrw: '0',
  unrealizedChangeKrw: '0',
  feesKrw: '0',
  pnlKrw: '0',
  returnPct: null,
  valueKrw,
  shareOfPortfolio: null,
});

describe('equityChartData', () => {
  it('shows KST wall time on the axis', () => {
    expect(new Date(kstChartTime(T0) * 1000).toISOString()).toBe('2026-11-21T00:00:00.000Z');
  });
  it('sorts the curve, drops duplicate times and pins flows to the next point', () => {
    const { points, markers } = equityChartData(
      [
        { at: T0 + 24 * H, equityKrw: '1100' },
        { at: T0, equityKrw: '1000' },
        { at: T0 + 24 * H, equityKrw: '1200' },
        { at: T0 + 30 * H, equityKrw: 'NaN' },
      ],
      [
        flow(T0 + 2 * H, 'deposit', '100'),
        flow(T0 + 3 * H, 'transferIn', '50'),
        flow(T0 + 4 * H, 'withdrawal', '-30'),
        flow(T0 + 99 * H, 'transferOut', '-5'),
      ],
    );
    expect(points).toEqual([
      { time: kstChartTime(T0), value: 1000 },
      { time: kstChartTime(T0 + 24 * H), value: 1200 },
    ]);
    expect(markers).toEqual([
      { time: kstChartTime(T0 + 24 * H), dir: 'in', valueKrw: '150', count: 2 },
      { time: kstChartTime(T0 + 24 * H), dir: 'out', valueKrw: '-35', count: 2 },
    ]);
  });
  it('no curve, no markers', () => {
    expect(equityChartData([], [flow(T0, 'deposit', '1')])).toEqual({ points: [], markers: [] });
  });
});

describe('allocationSlices', () => {
  it('coins largest first, the tail as other, cash from end equity', () => {
    const s = allocationSlices(
      [asset('eth', '300'), asset('btc', '500'), asset('xrp', '100'), asset('sol', '0'), asset('ada', '50')],
      '1000',
      2,
    );
    expect(s).toEqual([
      { key: 'btc', valueKrw: '500', pct: '50' },
      { key: 'eth', valueKrw: '300', pct: '30' },
      { key: 'other', valueKrw: '150', pct: '15' },
      { key: 'krw', valueKrw: '50', pct: '5' },
    ]);
  });
  it('uses the report own KRW row when present, and nothing held gives no slices', () => {
    expect(allocationSlices([asset('krw', '10'), asset('btc', '30')], '999').map((x) => x.pct)).toEqual([
      '75',
      '25',
    ]);
    expect(allocationSlices([], '0')).toEqual([]);
  });
});
