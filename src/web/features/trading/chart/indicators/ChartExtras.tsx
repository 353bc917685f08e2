import { specId, specLabel } from '../../../../../core/indicators/index.js';
import { useT } from '../../../../lib/i18n.js';
import { IndicatorMenu } from './IndicatorMenu.js';
import { INDICATOR_PALETTE } from './indicatorLayer.js';
import { type ChartView, useIndicators } from './indicatorStore.js';

/** Right side of the chart toolbar: indicators menu and the candles / depth switch. */
export function ChartToolbarExtras() {
  const t = useT();
  const view = useIndicators((s) => s.view);
  const setView = useIndicators((s) => s.setView);
  return (
    <span className="flex items-center gap-0.5">
      {view === 'candles' && <IndicatorMenu />}
      <span className="ml-1 flex rounded border border-line">
        {(['candles', 'depth'] as ChartView[]).map((v) => (
          <button
            key={v}
            type="button"
            data-testid={`chart-view-${v}`}
            aria-pressed={view === v}
            onClick={() => setView(v)}
            className={`px-1.5 py-0.5 text-[11px] ${view === v ? 'bg-panel2 font-semibold text-accent' : 'text-dim hover:text-fg'}`}
          >
            {t(`chart.${v}`)}
          </button>
        ))}
      </span>
    </span>
  );
}

/** The active indicators as small colored labels over the chart (under the OHLC legend). */
export function IndicatorLegend() {
  const active = useIndicators((s) => s.active);
  if (!active.length) return null;
  return (
    <div
      className="flex flex-wrap gap-x-2 rounded bg-panel/80 px-1.5 text-[10px]"
      data-testid="indicator-legend"
    >
      {active.map((s, i) => (
        <span
          key={specId(s)}
          data-testid={`indicator-legend-${specId(s)}`}
          style={{ color: INDICATOR_PALETTE[i % INDICATOR_PALETTE.length] }}
        >
          {specLabel(s)}
        </span>
      ))}
    </div>
  );
}
