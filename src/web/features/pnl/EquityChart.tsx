// The equity curve of the period (lightweight-charts line) with the flows marked where they happened:
// an arrow up for money or coins in, down for out, labelled with the summed KRW value.
import {
  createSeriesMarkers,
  type ISeriesApi,
  LineSeries,
  type SeriesMarker,
  type Time,
} from 'lightweight-charts';
import { useEffect, useMemo, useRef } from 'react';
import type { PnlFlow } from '../../../core/pnl/types.js';
import { usePrefs } from '../../store/prefs.js';
import { equityChartData } from './chartData.js';
import { readColors, useLwChart } from './lwChart.js';
import { shortKrw } from './view.js';

/** A flow marker's arrow and its label, so neither is cut at the chart's edge. */
const MARKER_ROOM_PX = 30;

export function EquityChart(props: {
  curve: readonly { at: number; equityKrw: string }[];
  flows: readonly PnlFlow[];
  intraday: boolean;
}) {
  const el = useRef<HTMLDivElement>(null);
  const lang = usePrefs((s) => s.language);
  const { chart, colorKey } = useLwChart(el, props.intraday);
  const series = useRef<ISeriesApi<'Line'> | null>(null);
  const data = useMemo(() => equityChartData(props.curve, props.flows), [props.curve, props.flows]);
  useEffect(() => {
    if (!chart) return;
    series.current = chart.addSeries(LineSeries, { lineWidth: 2, priceLineVisible: false });
    return () => {
      series.current = null;
    };
  }, [chart]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: colorKey re-paints with the theme's colours
  useEffect(() => {
    const s = series.current;
    if (!s || !chart) return;
    const k = readColors();
    // the scale follows the curve alone (the flow markers would otherwise stretch it towards zero),
    // with room in pixels for a marker and its label at the curve's top and bottom
    const values = data.points.map((p) => p.value);
    const lo = Math.min(...values);
    const hi = Math.max(...values);
    const pad = Math.max((hi - lo) * 0.25, Math.abs(hi) * 0.002, 1);
    s.applyOptions({
      color: k.accent,
      autoscaleInfoProvider: () =>
        values.length > 0
          ? {
              priceRange: { minValue: lo - pad, maxValue: hi + pad },
              margins: { above: MARKER_ROOM_PX, below: MARKER_ROOM_PX },
            }
          : null,
    });
    s.setData(data.points.map((p) => ({ time: p.time as Time, value: p.value })));
    const markers: SeriesMarker<Time>[] = data.markers.map((m) => ({
      time: m.time as Time,
      position: m.dir === 'in' ? 'belowBar' : 'aboveBar',
      shape: m.dir === 'in' ? 'arrowUp' : 'arrowDown',
      color: k.warn,
      text: shortKrw(m.valueKrw, lang),
    }));
    const plugin = createSeriesMarkers(s, markers);
    chart.timeScale().fitContent();
    return () => plugin.detach();
  }, [chart, data, colorKey, lang]);
  return (
    <div
      ref={el}
      className="h-full w-full"
      data-testid="pnl-equity-chart"
      data-points={data.points.length}
      data-flows={data.markers.reduce((n, m) => n + m.count, 0)}
    />
  );
}
