// The layer against a recording stand-in for the chart: history is one setData per series, a live candle
// is one update per series and never a setData (no recompute per tick), panes come and go with oscillators.
import { describe, expect, it } from 'vitest';
import type { ChartColors } from '../../../../lib/chart/chartTheme.js';
import type { Candle } from '../../../../lib/types.js';
import { IndicatorLayer } from './indicatorLayer.js';

interface FakeSeries {
  pane: number;
  setData: number;
  updates: { time: number; value: number }[];
  lastData: unknown[];
}

function fakeChart() {
  const series: FakeSeries[] = [];
  let panes = 1;
  const api = {
    series,
    addSeries(_def: unknown, _opts: unknown, pane = 0) {
      if (pane >= panes) panes = pane + 1;
      const s: FakeSeries = { pane, setData: 0, updates: [], lastData: [] };
      series.push(s);
      return {
        setData: (d: unknown[]) => {
          s.setData++;
          s.lastData = d;
        },
        update: (p: { time: number; value: number }) => s.updates.push(p),
        createPriceLine: () => ({}),
        _s: s,
      };
    },
    removeSeries(x: { _s: FakeSeries }) {
      series.splice(series.indexOf(x._s), 1);
    },
    panes() {
      return Array.from({ length: panes }, (_, i) => ({
        setStretchFactor: () => {},
        getSeries: () => series.filter((s) => s.pane === i),
      }));
    },
    removePane(i: number) {
      if (i === panes - 1) panes--;
    },
    applyOptions() {},
    get paneCount() {
      return panes;
    },
  };
  return api;
}

const colors: ChartColors = {
  bg: '#000000',
  fg: '#ffffff',
  dim: '#888888',
  line: '#222222',
  up: '#ff0000',
  down: '#0000ff',
  accent: '#00aaff',
  warn: '#ffaa00',
};
const candle = (i: number, close: number): Candle => ({
  timestamp: i * 60_000,
  open: String(close),
  high: String(close + 1),
  low: String(close - 1),
  close: String(close),
  volume: '1',
});

describe('IndicatorLayer', () => {
  it('history: one setData per series; live candle: updates only', () => {
    const chart = fakeChart();
    const layer = new IndicatorLayer(chart as never, colors);
    layer.setSpecs([
      { kind: 'sma', period: 3 },
      { kind: 'macd', fast: 2, slow: 4, signal: 2 },
    ]);
    expect(chart.series).toHaveLength(4); // MA + MACD line, signal, histogram
    expect(chart.paneCount).toBe(2);
    const hist = Array.from({ length: 30 }, (_, i) => candle(i, 100 + i));
    layer.setHistory(hist, 0);
    const setDataAfterHistory = chart.series.map((s) => s.setData);
    // The live candle moves three times, then a new one opens.
    layer.update(candle(29, 131));
    layer.update(candle(29, 132));
    layer.update(candle(29, 128));
    layer.update(candle(30, 129));
    expect(chart.series.map((s) => s.setData)).toEqual(setDataAfterHistory);
    expect(chart.series.every((s) => s.updates.length === 4)).toBe(true);
    const ma = chart.series[0]!;
    expect(ma.updates.map((u) => u.time)).toEqual([29 * 60, 29 * 60, 29 * 60, 30 * 60]);
    // MA 3 over bar 28 (128), bar 29 as last replaced (128) and bar 30 (129).
    expect(ma.updates[2]!.value).toBeCloseTo((127 + 128 + 128) / 3, 10);
    expect(ma.updates[3]!.value).toBeCloseTo((128 + 128 + 129) / 3, 10);
  });

  it('removing the oscillator removes its pane', () => {
    const chart = fakeChart();
    const layer = new IndicatorLayer(chart as never, colors);
    layer.setSpecs([{ kind: 'rsi', period: 14 }]);
    expect(chart.paneCount).toBe(2);
    layer.setSpecs([{ kind: 'ema', period: 5 }]);
    expect(chart.paneCount).toBe(1);
    expect(chart.series).toHaveLength(1);
  });
});
