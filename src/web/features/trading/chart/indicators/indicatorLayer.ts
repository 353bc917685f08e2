// Draws the active indicators on a lightweight-charts instance: overlays on the price pane, the volume MA on
// the volume scale, oscillators in panes below. History pages recompute once; each live candle update goes
// through the streaming calculators (one O(period) step per indicator, never a pass over the series).
import {
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  LineSeries,
  LineStyle,
  type Time,
} from 'lightweight-charts';
import {
  computeSeries,
  type IndicatorBar,
  type IndicatorPoint,
  type IndicatorSpec,
  type IndicatorStream,
  outputsOf,
  placeOf,
} from '../../../../../core/indicators/index.js';
import { type ChartColors, withAlpha } from '../../../../lib/chart/chartTheme.js';
import type { Candle } from '../../../../lib/types.js';

/** Indicator line colors, picked in turn; readable on both the dark and the light panel. */
export const INDICATOR_PALETTE = [
  '#e8a317',
  '#9f7aea',
  '#0ea5b7',
  '#ec7a2c',
  '#d946ef',
  '#64748b',
  '#16a34a',
];

type AnySeries = ISeriesApi<'Line'> | ISeriesApi<'Histogram'>;

interface Drawn {
  spec: IndicatorSpec;
  color: string;
  stream: IndicatorStream | null;
  series: AnySeries[];
}

/** A candle (decimal strings) as numbers, at the chart edge. */
export const toIndicatorBar = (c: Candle): IndicatorBar => ({
  time: c.timestamp,
  open: Number(c.open),
  high: Number(c.high),
  low: Number(c.low),
  close: Number(c.close),
  volume: Number(c.volume),
});

export class IndicatorLayer {
  private drawn: Drawn[] = [];
  private bars: IndicatorBar[] = [];
  private shiftMs = 0;

  constructor(
    private readonly chart: IChartApi,
    private colors: ChartColors,
  ) {
    this.paintSeparators();
  }

  /** Pane separators in the theme's line color (the library's default is a bright line). */
  private paintSeparators(): void {
    this.chart.applyOptions({
      layout: { panes: { separatorColor: this.colors.line, separatorHoverColor: this.colors.dim } },
    });
  }

  setSpecs(specs: readonly IndicatorSpec[]): void {
    this.clear();
    let pane = 1;
    this.drawn = specs.map((spec, i) => {
      const color = INDICATOR_PALETTE[i % INDICATOR_PALETTE.length]!;
      const place = placeOf(spec.kind);
      const paneIndex = place === 'pane' ? pane++ : 0;
      return { spec, color, stream: null, series: this.makeSeries(spec, color, paneIndex) };
    });
    // The candles keep most of the height; each oscillator pane gets a slice.
    const panes = this.chart.panes();
    panes[0]?.setStretchFactor(pane > 1 ? 3 : 1);
    for (let i = 1; i < panes.length; i++) panes[i]?.setStretchFactor(1);
    this.recompute();
  }

  setColors(colors: ChartColors): void {
    this.colors = colors;
    this.paintSeparators();
    this.setSpecs(this.drawn.map((d) => d.spec));
  }

  /** A new history (first page, older page, interval or time-zone change): one full pass. */
  setHistory(candles: readonly Candle[], shiftMs: number): void {
    this.bars = candles.map(toIndicatorBar);
    this.shiftMs = shiftMs;
    this.recompute();
  }

  /** The live candle moved or a new one opened. */
  update(candle: Candle): void {
    const bar = toIndicatorBar(candle);
    const last = this.bars[this.bars.length - 1];
    if (last && bar.time < last.time) return;
    if (last && bar.time === last.time) this.bars[this.bars.length - 1] = bar;
    else this.bars.push(bar);
    for (const d of this.drawn) {
      const p = d.stream?.push(bar);
      if (p) this.apply(d, p);
    }
  }

  dispose(): void {
    this.clear();
  }

  private recompute(): void {
    for (const d of this.drawn) {
      const { points, stream } = computeSeries(d.spec, this.bars, { sessionOffsetMs: this.shiftMs });
      d.stream = stream;
      d.series.forEach((s, i) => {
        s.setData(points.map((p) => this.point(d, p, i)) as never);
      });
    }
  }

  private apply(d: Drawn, p: IndicatorPoint): void {
    d.series.forEach((s, i) => {
      s.update(this.point(d, p, i) as never);
    });
  }

  private point(d: Drawn, p: IndicatorPoint, i: number) {
    const time = Math.floor((p.time + this.shiftMs) / 1000) as Time;
    const value = p.values[i]!;
    if (d.spec.kind === 'macd' && i === 2) {
      return { time, value, color: withAlpha(value >= 0 ? this.colors.up : this.colors.down, 0.6) };
    }
    return { time, value };
  }

  private makeSeries(spec: IndicatorSpec, color: string, paneIndex: number): AnySeries[] {
    const base = {
      lineWidth: 1 as const,
      priceLineVisible: false,
      lastValueVisible: paneIndex > 0,
      crosshairMarkerVisible: false,
    };
    const line = (c: string, extra: Record<string, unknown> = {}) =>
      this.chart.addSeries(LineSeries, { ...base, color: c, ...extra }, paneIndex);
    switch (spec.kind) {
      case 'bb':
        return [line(color), line(withAlpha(color, 0.6), { lineStyle: LineStyle.Dashed }), line(color)];
      case 'volma':
        return [line(color, { priceScaleId: 'vol', lastValueVisible: false })];
      case 'macd': {
        const hist = this.chart.addSeries(
          HistogramSeries,
          { priceLineVisible: false, lastValueVisible: false },
          paneIndex,
        );
        return [line(color), line(this.colors.accent), hist];
      }
      case 'rsi': {
        const s = line(color);
        for (const level of [70, 30]) s.createPriceLine(guide(level, this.colors.dim));
        return [s];
      }
      case 'stoch': {
        const k = line(color);
        for (const level of [80, 20]) k.createPriceLine(guide(level, this.colors.dim));
        return [k, line(this.colors.accent)];
      }
      default:
        return outputsOf(spec.kind).map(() => line(color));
    }
  }

  private clear(): void {
    for (const d of this.drawn) {
      for (const s of d.series) {
        try {
          this.chart.removeSeries(s);
        } catch {
          /* chart already disposed */
        }
      }
    }
    this.drawn = [];
    // Panes left without series go too (pane 0 holds the candles and stays).
    try {
      const panes = this.chart.panes();
      for (let i = panes.length - 1; i >= 1; i--) {
        if (panes[i]!.getSeries().length === 0) this.chart.removePane(i);
      }
    } catch {
      /* chart already disposed */
    }
  }
}

const guide = (price: number, color: string) => ({
  price,
  color,
  lineWidth: 1 as const,
  lineStyle: LineStyle.Dotted,
  axisLabelVisible: false,
  title: '',
});
