// Calendar heat map of daily P&L: week columns, Sunday on top, each KST day a square tinted with the
// up or down colour by its size against the period's largest day. Hover (or focus) names the figure.
import { useMemo } from 'react';
import type { DailyPnl } from '../../../core/pnl/types.js';
import { formatKrwChange } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { usePrefs } from '../../store/prefs.js';
import { HEAT_LEVELS, type HeatCell, heatWeeks } from './heatmap.js';

const WEEKDAYS = { ko: ['일', '월', '화', '수', '목', '금', '토'], en: ['S', 'M', 'T', 'W', 'T', 'F', 'S'] };

function cellStyle(c: HeatCell): React.CSSProperties {
  if (c.pnlKrw === null) return { background: 'transparent', border: '1px dashed var(--line)' };
  if (c.level === 0) return { background: 'var(--panel2)' };
  const pct = 18 + (Math.abs(c.level) / HEAT_LEVELS) * 72;
  const tone = c.level > 0 ? 'var(--up)' : 'var(--down)';
  return { background: `color-mix(in srgb, ${tone} ${pct}%, var(--panel2))` };
}

/** Square size (px) for a number of week columns: large for a few weeks, small enough for a year. */
export function cellSize(weeks: number): number {
  if (weeks <= 16) return 20;
  if (weeks <= 24) return 14;
  if (weeks <= 36) return 10;
  return 7;
}

export function CalendarHeat(props: { daily: readonly DailyPnl[]; fromDay: string; toDay: string }) {
  const t = useT();
  const lang = usePrefs((s) => s.language);
  const weeks = useMemo(
    () => heatWeeks(props.daily, props.fromDay, props.toDay),
    [props.daily, props.fromDay, props.toDay],
  );
  // a long period gets smaller squares so a year still fits the panel; short ones name the day inside
  const size = cellSize(weeks.length);
  const label = size >= 20;
  return (
    <div className="flex h-full min-h-0 items-start gap-1 overflow-hidden p-2" data-testid="pnl-heatmap">
      <div className="flex flex-col gap-[2px] pt-[14px] text-[9px] text-dim">
        {WEEKDAYS[lang].map((d, i) => (
          <span key={`${d}${i}`} style={{ height: size, lineHeight: `${size}px` }}>
            {i % 2 === 1 || size >= 13 ? d : ''}
          </span>
        ))}
      </div>
      <div className="flex min-w-0 gap-[2px] overflow-x-auto">
        {weeks.map((w) => (
          <div key={w.cells.find((c) => c)?.day} className="flex flex-col gap-[2px]">
            <span className="h-[12px] text-[9px] whitespace-nowrap text-dim">
              {w.monthStart ? `${Number(w.monthStart.slice(5))}${lang === 'ko' ? '월' : ''}` : ''}
            </span>
            {w.cells.map((c, i) =>
              c ? (
                <span
                  key={c.day}
                  // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users read a day's figure from its title
                  tabIndex={0}
                  role="img"
                  aria-label={`${c.day} ${c.pnlKrw === null ? '-' : formatKrwChange(c.pnlKrw)}`}
                  title={`${c.day} · ${c.pnlKrw === null ? t('pnl.none') : `${formatKrwChange(c.pnlKrw)} KRW`}`}
                  data-testid="heat-cell"
                  data-day={c.day}
                  data-level={c.level}
                  className="num flex items-center justify-center rounded-[2px] text-[9px] text-fg/80"
                  style={{ width: size, height: size, ...cellStyle(c) }}
                >
                  {label ? Number(c.day.slice(8)) : null}
                </span>
              ) : (
                <span key={`gap${i}`} style={{ width: size, height: size }} />
              ),
            )}
          </div>
        ))}
      </div>
    </div>
  );
}
