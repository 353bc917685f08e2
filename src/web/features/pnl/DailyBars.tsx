// Daily P&L bars (lightweight-charts histogram): one bar per KST day, up colour above zero, down below.
import { HistogramSeries, type ISeriesApi, type Time } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import type { DailyPnl } from '../../../core/pnl/types.js';
import { readColors, useLwChart } from './lwChart.js';

export function DailyBars(props: { daily: readonly DailyPnl[] }) {
  const el = useRef<HTMLDivElement>(null);
  const { chart, colorKey } = useLwChart(el, false);
  const series = useRef<ISeriesApi<'Histogram'> | null>(null);
  useEffect(() => {
    if (!chart) return;
    const s = chart.addSeries(HistogramSeries, { priceLineVisible: false, lastValueVisible: false, base: 0 });
    series.current = s;
    return () => {
      series.current = null;
    };
  }, [chart]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: colorKey re-paints with the theme's colours
  useEffect(() => {
    const s = series.current;
    if (!s || !chart) return;
    const k = readColors();
    s.setData(
      [...props.daily]
        .sort((a, b) => a.day.localeCompare(b.day))
        .map((d) => {
          const v = Number(d.pnlKrw);
          return { time: d.day as Time, value: Number.isFinite(v) ? v : 0, color: v < 0 ? k.down : k.up };
        }),
    );
    chart.timeScale().fitContent();
  }, [chart, props.daily, colorKey]);
  return (
    <div ref={el} className="h-full w-full" data-testid="pnl-daily-chart" data-bars={props.daily.length} />
  );
}
