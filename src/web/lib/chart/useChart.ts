// Creates the lightweight-charts v5 instance (candles + volume) and keeps its colors in step with the theme.
import {
  CandlestickSeries,
  CrosshairMode,
  createChart,
  createSeriesMarkers,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type Time,
} from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { usePrefs } from '../../store/prefs.js';
import { readChartColors, withAlpha } from './chartTheme.js';

export interface ChartHandles {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'>;
  markers: ISeriesMarkersPluginApi<Time>;
}

export function useChart(container: React.RefObject<HTMLDivElement | null>) {
  const [handles, setHandles] = useState<ChartHandles | null>(null);
  const theme = usePrefs((s) => s.theme);
  const colors = usePrefs((s) => s.colorScheme);
  const ref = useRef<ChartHandles | null>(null);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const chart = createChart(el, {
      autoSize: true,
      layout: { attributionLogo: false, fontSize: 11 },
      crosshair: { mode: CrosshairMode.Normal },
      // entireTextOnly: no scale label cut in half at the pane's top edge
      rightPriceScale: { scaleMargins: { top: 0.08, bottom: 0.22 }, entireTextOnly: true },
      timeScale: { timeVisible: true, secondsVisible: false, rightOffset: 4, barSpacing: 7 },
    });
    const candles = chart.addSeries(CandlestickSeries, { priceLineVisible: true, lastValueVisible: true });
    const volume = chart.addSeries(HistogramSeries, {
      priceScaleId: 'vol',
      priceFormat: { type: 'volume' },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    chart.priceScale('vol').applyOptions({ scaleMargins: { top: 0.82, bottom: 0 } });
    const markers = createSeriesMarkers(candles, []);
    const h = { chart, candles, volume, markers };
    ref.current = h;
    setHandles(h);
    return () => {
      ref.current = null;
      setHandles(null);
      // The component's other effects (price lines, subscriptions) are cleaned up after this one: let them
      // detach from a live chart, then dispose it.
      setTimeout(() => chart.remove(), 0);
    };
  }, [container]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read CSS variables when theme or colors change
  useEffect(() => {
    const h = ref.current;
    if (!h) return;
    const c = readChartColors();
    h.chart.applyOptions({
      layout: { background: { color: c.bg }, textColor: c.dim },
      grid: { vertLines: { color: withAlpha(c.line, 0.5) }, horzLines: { color: withAlpha(c.line, 0.5) } },
      rightPriceScale: { borderColor: c.line },
      timeScale: { borderColor: c.line },
    });
    h.candles.applyOptions({
      upColor: c.up,
      downColor: c.down,
      borderUpColor: c.up,
      borderDownColor: c.down,
      wickUpColor: c.up,
      wickDownColor: c.down,
    });
  }, [handles, theme, colors]);

  return handles;
}
