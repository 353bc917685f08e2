// Binds an IndicatorLayer to the chart: rebuilt when the chosen indicators or the theme change. The chart
// feeds it history (setHistory) and live candles (update) from its own effects.
import { useEffect, useRef, useState } from 'react';
import { readChartColors } from '../../../../lib/chart/chartTheme.js';
import type { ChartHandles } from '../../../../lib/chart/useChart.js';
import type { Candle } from '../../../../lib/types.js';
import { usePrefs } from '../../../../store/prefs.js';
import { IndicatorLayer } from './indicatorLayer.js';
import { useIndicators } from './indicatorStore.js';

export function useIndicatorLayer(h: ChartHandles | null) {
  const ref = useRef<IndicatorLayer | null>(null);
  const active = useIndicators((s) => s.active);
  const theme = usePrefs((s) => s.theme);
  const scheme = usePrefs((s) => s.colorScheme);

  useEffect(() => {
    if (!h) return;
    const layer = new IndicatorLayer(h.chart, readChartColors());
    layer.setSpecs(useIndicators.getState().active);
    ref.current = layer;
    return () => {
      ref.current = null;
      layer.dispose();
    };
  }, [h]);

  useEffect(() => {
    ref.current?.setSpecs(active);
  }, [active]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read CSS colors when theme or convention change
  useEffect(() => {
    ref.current?.setColors(readChartColors());
  }, [theme, scheme]);

  // A stable facade, so the chart's effects can list it as a dependency without re-running.
  const [facade] = useState(() => ({
    setHistory: (candles: readonly Candle[], shiftMs: number) => ref.current?.setHistory(candles, shiftMs),
    update: (candle: Candle) => ref.current?.update(candle),
  }));
  return facade;
}
