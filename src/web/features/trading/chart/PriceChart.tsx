import type { Time } from 'lightweight-charts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { decimalPlaces } from '../../../../core/decimal.js';
import { type Interval, isInterval } from '../../../../core/intervals.js';
import { tickFor } from '../../../../core/tick.js';
import { ErrorState } from '../../../components/ErrorState.js';
import { readChartColors, withAlpha } from '../../../lib/chart/chartTheme.js';
import { useChart } from '../../../lib/chart/useChart.js';
import { formatNumber, tzOffsetMs } from '../../../lib/format.js';
import { useT } from '../../../lib/i18n.js';
import { dimClass, StaleMark } from '../../../lib/live/StaleMark.js';
import { useStreamFreshness } from '../../../lib/live/useFreshness.js';
import type { Candle, TickSizePolicy } from '../../../lib/types.js';
import { publicStream } from '../../../lib/ws.js';
import { usePrefs } from '../../../store/prefs.js';
import { ChartAlertButton, useAlertContextMenu } from '../../alerts/index.js';
import { useConditionalLines } from '../../conditional/index.js';
import { tapeStore } from '../tape/useTape.js';
import { applyTrades, toBar, toVolume } from './candleMath.js';
import { crosshairLabel, tickLabel } from './chartLocale.js';
import type { ChartFill, ChartOrder } from './chartRecords.js';
import { DepthChart } from './depth/DepthChart.js';
import { IntervalPicker, useWidth } from './IntervalPicker.js';
import { ChartToolbarExtras, IndicatorLegend } from './indicators/ChartExtras.js';
import { useIndicators } from './indicators/indicatorStore.js';
import { useIndicatorLayer } from './indicators/useIndicatorLayer.js';
import { LineTools } from './lines/LineTools.js';
import { useLineLayer } from './lines/useLineLayer.js';
import { groupFills } from './markerGroups.js';
import { useCandleHistory } from './useCandleHistory.js';

/** Candles + volume, 8 intervals, older history on scroll-back, live last candle, fills and open orders. */
export function PriceChart(props: {
  symbol: string;
  policy: TickSizePolicy | null | undefined;
  fills: readonly ChartFill[];
  orders: readonly ChartOrder[];
}) {
  const t = useT();
  const lang = usePrefs((s) => s.language);
  const tz = usePrefs((s) => s.timezone);
  const stored = usePrefs((s) => s.interval);
  const set = usePrefs((s) => s.set);
  const interval: Interval = isInterval(stored) ? stored : '15';
  const box = useRef<HTMLDivElement>(null);
  const h = useChart(box);
  const layer = useIndicatorLayer(h);
  const [toolbarRef, toolbarWidth] = useWidth<HTMLDivElement>();
  useConditionalLines(h, box, props.symbol, props.policy?.tickSizePolicy);
  useAlertContextMenu(h, box, props.symbol, props.policy?.tickSizePolicy);
  const view = useIndicators((s) => s.view);
  const hist = useCandleHistory(props.symbol, interval);
  const shift = tzOffsetMs(tz);
  const lastRef = useRef<Candle | undefined>(undefined);
  const [legend, setLegend] = useState<Candle | null>(null);
  const [, bumpLive] = useState(0);
  // read once (a useRef argument is evaluated on every render: a style recalculation per live candle)
  const [firstColors] = useState(readChartColors);
  const colorsRef = useRef(firstColors);
  const theme = usePrefs((s) => s.theme);
  const scheme = usePrefs((s) => s.colorScheme);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh cached colors on theme change
  useEffect(() => {
    colorsRef.current = readChartColors();
  }, [theme, scheme]);

  const ranges = props.policy?.tickSizePolicy;
  const lastClose = hist.candles[hist.candles.length - 1]?.close;
  const tick = ranges?.length && lastClose ? tickFor(ranges, lastClose) : null;
  useEffect(() => {
    if (!h || !tick) return;
    const precision = decimalPlaces(tick);
    h.candles.applyOptions({ priceFormat: { type: 'price', precision, minMove: Number(tick) } });
    h.chart.applyOptions({
      localization: {
        priceFormatter: (p: number) =>
          formatNumber(p.toFixed(precision), { dp: precision, minDp: precision }),
      },
    });
  }, [h, tick]);

  // Dates on the axis and crosshair in the user's language (times are already shifted to KST or local).
  useEffect(() => {
    if (!h) return;
    const daily = interval === '1D' || interval === '1W';
    h.chart.applyOptions({
      localization: {
        locale: lang === 'ko' ? 'ko-KR' : 'en-US',
        timeFormatter: (time: Time) => crosshairLabel(Number(time), lang, !daily),
      },
      timeScale: { tickMarkFormatter: (time: Time, type: number) => tickLabel(Number(time), type, lang) },
    });
  }, [h, lang, interval]);

  // History (first page / older pages).
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the history version
  useEffect(() => {
    if (!h) return;
    const c = colorsRef.current;
    const range = h.chart.timeScale().getVisibleLogicalRange();
    h.candles.setData(hist.candles.map((x) => toBar(x, shift) as { time: Time } & ReturnType<typeof toBar>));
    h.volume.setData(
      hist.candles.map((x) => toVolume(x, shift, withAlpha(c.up, 0.45), withAlpha(c.down, 0.45)) as never),
    );
    lastRef.current = hist.candles[hist.candles.length - 1];
    layer.setHistory(hist.candles, shift);
    if (hist.prepended > 0 && range) {
      h.chart
        .timeScale()
        .setVisibleLogicalRange({ from: range.from + hist.prepended, to: range.to + hist.prepended });
    }
  }, [h, hist.version, shift]);

  // Live last candle from the trade stream (snapshot batches are already part of the fetched history).
  useEffect(() => {
    if (!h) return;
    return tapeStore.onTrades((batch, sym, snapshot) => {
      if (snapshot || sym !== props.symbol || !lastRef.current) return;
      const fresh = batch.filter((tr) => tr.timestamp >= hist.fetchedAt);
      if (!fresh.length) return;
      const r = applyTrades(lastRef.current, fresh, interval);
      const c = colorsRef.current;
      for (const cd of r.updated) {
        h.candles.update(toBar(cd, shift) as never);
        h.volume.update(toVolume(cd, shift, withAlpha(c.up, 0.45), withAlpha(c.down, 0.45)) as never);
        layer.update(cd);
      }
      lastRef.current = r.last;
      bumpLive((n) => n + 1);
    });
  }, [h, props.symbol, interval, shift, hist.fetchedAt, layer]);

  // Scroll back: load the previous page when the left edge comes near.
  useEffect(() => {
    if (!h) return;
    const ts = h.chart.timeScale();
    const onRange = (r: { from: number; to: number } | null) => {
      if (r && r.from < 15) hist.loadOlder();
    };
    ts.subscribeVisibleLogicalRangeChange(onRange);
    return () => ts.unsubscribeVisibleLogicalRangeChange(onRange);
  }, [h, hist.loadOlder]);

  // OHLC legend under the crosshair.
  useEffect(() => {
    if (!h) return;
    const onMove = (p: { time?: Time; seriesData: Map<unknown, unknown> }) => {
      const d = p.time ? (p.seriesData.get(h.candles) as { time: number } | undefined) : undefined;
      if (!d) return setLegend(null);
      const ms = d.time * 1000 - shift;
      setLegend(
        hist.candles.find((c) => c.timestamp === ms) ??
          (lastRef.current?.timestamp === ms ? lastRef.current : null),
      );
    };
    h.chart.subscribeCrosshairMove(onMove as never);
    return () => h.chart.unsubscribeCrosshairMove(onMove as never);
  }, [h, hist.candles, shift]);

  // Markers for the user's fills.
  const markers = useMemo(() => {
    const c = colorsRef.current;
    return groupFills(props.fills, interval).map((g) => ({
      time: Math.floor((g.time + shift) / 1000) as Time,
      position: g.side === 'buy' ? ('belowBar' as const) : ('aboveBar' as const),
      shape: g.side === 'buy' ? ('arrowUp' as const) : ('arrowDown' as const),
      color: g.side === 'buy' ? c.up : c.down,
      text: `${g.side === 'buy' ? 'B' : 'S'} ${formatNumber(g.qty, { dp: 4 })}${g.count > 1 ? ` ×${g.count}` : ''}`,
      size: 1,
    }));
  }, [props.fills, interval, shift]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: markers need bars to attach to
  useEffect(() => {
    h?.markers.setMarkers(markers);
  }, [h, markers, hist.version]);

  // Lines: open orders (drag to amend), the user's own lines, lines registered by other features.
  useLineLayer(h, box, props.symbol, ranges ?? [], props.orders);

  const fresh = useStreamFreshness(publicStream);
  const shown = legend ?? lastRef.current ?? hist.candles[hist.candles.length - 1];
  return (
    <div className="flex h-full flex-col" data-testid="chart">
      <div
        ref={toolbarRef}
        className="relative z-30 flex h-8 shrink-0 items-center gap-0.5 border-b border-line px-2 whitespace-nowrap"
      >
        <IntervalPicker
          interval={interval}
          lang={lang}
          compact={toolbarWidth < 620}
          onChange={(iv) => set({ interval: iv })}
        />
        <span className="ml-auto flex items-center gap-2">
          {hist.loading && <span className="text-[11px] text-dim">{t('common.loading')}</span>}
          <StaleMark f={fresh} testId="chart-fresh" />
          {view === 'candles' && <LineTools symbol={props.symbol} />}
          {view === 'candles' && <ChartAlertButton symbol={props.symbol} />}
          <ChartToolbarExtras />
        </span>
      </div>
      <div className={`relative min-h-0 flex-1 ${dimClass(fresh)}`}>
        <div ref={box} className="absolute inset-0" data-testid="chart-canvas" />
        {view === 'depth' && <DepthChart symbol={props.symbol} />}
        {/* OHLC legend over the chart (the toolbar has no room for it at 1280 px) */}
        {/* OHLC and indicator legends in one corner block that stops before the price scale and wraps
            on a narrow chart instead of spilling over the order book. */}
        <div className="pointer-events-none absolute top-1 right-[76px] left-2 z-10 flex flex-col items-start gap-0.5">
          <div
            className="num flex flex-wrap gap-x-3 rounded bg-panel/80 px-1.5 py-0.5 text-[11px] whitespace-nowrap text-dim"
            data-testid="chart-legend"
          >
            {shown && (
              <>
                <span>
                  O <b className="text-fg">{formatNumber(shown.open)}</b>
                </span>
                <span>
                  H <b className="text-up">{formatNumber(shown.high)}</b>
                </span>
                <span>
                  L <b className="text-down">{formatNumber(shown.low)}</b>
                </span>
                <span>
                  C <b className="text-fg">{formatNumber(shown.close)}</b>
                </span>
                <span>
                  V <b className="text-fg">{formatNumber(shown.volume, { dp: 4 })}</b>
                </span>
              </>
            )}
          </div>
          {view === 'candles' && <IndicatorLegend />}
        </div>
        {hist.error != null && (
          <div className="absolute inset-0 bg-panel/80">
            <ErrorState error={hist.error} onRetry={hist.reload} retryLabel={t('common.retry')} />
          </div>
        )}
      </div>
    </div>
  );
}
