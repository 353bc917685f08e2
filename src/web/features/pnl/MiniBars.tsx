// A few days of P&L as tiny SVG bars (the monitor panel; no chart library in the monitor's chunk). At least
// a week's slots, newest at the right: one day ("today") is one slim bar, not a block across the panel.
import type { DailyPnl } from '../../../core/pnl/types.js';
import { formatKrwChange } from '../../lib/format.js';

const MIN_SLOTS = 7;

export function MiniBars(props: { daily: readonly DailyPnl[]; className?: string }) {
  const vals = props.daily.map((d) => ({ day: d.day, v: Number(d.pnlKrw), s: d.pnlKrw }));
  const max = Math.max(1, ...vals.map((x) => (Number.isFinite(x.v) ? Math.abs(x.v) : 0)));
  const slots = Math.max(MIN_SLOTS, vals.length);
  const w = 100 / slots;
  const first = slots - vals.length;
  return (
    <svg
      viewBox="0 0 100 40"
      preserveAspectRatio="none"
      className={props.className}
      data-testid="pnl-mini-bars"
      aria-hidden
    >
      <line
        x1="0"
        x2="100"
        y1="20"
        y2="20"
        stroke="var(--line)"
        strokeWidth="0.5"
        vectorEffect="non-scaling-stroke"
      />
      {vals.map((x, i) => {
        const h = Number.isFinite(x.v) ? (Math.abs(x.v) / max) * 19 : 0;
        return (
          <rect
            key={x.day}
            x={(first + i) * w + w * 0.15}
            width={w * 0.7}
            y={x.v >= 0 ? 20 - h : 20}
            height={Math.max(h, 0.4)}
            fill={x.v < 0 ? 'var(--down)' : 'var(--up)'}
          >
            <title>{`${x.day} ${formatKrwChange(x.s)}`}</title>
          </rect>
        );
      })}
    </svg>
  );
}
