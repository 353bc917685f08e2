// A lightweight-charts instance for the page's two charts (daily bars, equity curve): created once per
// container, coloured from the theme's CSS variables (dark/light, red-up or green-up) and re-coloured
// when either preference changes.
import { createChart, type IChartApi } from 'lightweight-charts';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { readChartColors, withAlpha } from '../../lib/chart/chartTheme.js';
import { usePrefs } from '../../store/prefs.js';
import { shortKrw } from './view.js';

export { readChartColors as readColors } from '../../lib/chart/chartTheme.js';

/**
 * The chart of a container. `colorKey` changes whenever theme or colour convention does, so a caller's
 * effect that paints series can depend on it.
 */
export function useLwChart(el: RefObject<HTMLDivElement | null>, timeVisible: boolean) {
  const [chart, setChart] = useState<IChartApi | null>(null);
  const theme = usePrefs((s) => s.theme);
  const colors = usePrefs((s) => s.colorScheme);
  const lang = usePrefs((s) => s.language);
  const ref = useRef<IChartApi | null>(null);
  useEffect(() => {
    const node = el.current;
    if (!node) return;
    const c = createChart(node, {
      autoSize: true,
      layout: { attributionLogo: false, fontSize: 10 },
      // entireTextOnly: no scale label cut in half at the pane's top or bottom edge
      rightPriceScale: { scaleMargins: { top: 0.1, bottom: 0.08 }, entireTextOnly: true },
      timeScale: { timeVisible, secondsVisible: false, fixLeftEdge: true, fixRightEdge: true },
      handleScroll: false,
      handleScale: false,
      crosshair: { horzLine: { labelVisible: true }, vertLine: { labelVisible: true } },
    });
    ref.current = c;
    setChart(c);
    return () => {
      ref.current = null;
      setChart(null);
      setTimeout(() => c.remove(), 0);
    };
  }, [el, timeVisible]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read CSS variables when theme or colors change
  useEffect(() => {
    const c = ref.current;
    if (!c) return;
    const k = readChartColors();
    c.applyOptions({
      layout: { background: { color: k.bg }, textColor: k.dim },
      grid: { vertLines: { visible: false }, horzLines: { color: withAlpha(k.line, 0.6) } },
      rightPriceScale: { borderColor: k.line },
      timeScale: { borderColor: k.line },
      localization: {
        locale: lang === 'ko' ? 'ko-KR' : 'en-US',
        priceFormatter: (p: number) => shortKrw(p.toFixed(0), lang, false),
      },
    });
  }, [chart, theme, colors, lang]);
  return { chart, colorKey: `${theme}:${colors}` };
}
