// Intraday equity line (SVG, scales with its box). Numbers only for drawing.
import type { EquityPoint } from '../../../core/desk/dayPnl.js';

export function Sparkline(props: {
  points: readonly EquityPoint[];
  live?: string | null;
  from: number;
  to: number;
  tone: string;
  className?: string;
}) {
  const pts = props.points.map((p) => ({ x: p.ts, y: Number(p.equityKrw) }));
  if (props.live) pts.push({ x: props.to, y: Number(props.live) });
  const span = Math.max(1, props.to - props.from);
  if (pts.length < 2) {
    return <div className={props.className} data-testid="card-spark" data-points={pts.length} />;
  }
  const ys = pts.map((p) => p.y);
  const lo = Math.min(...ys);
  const hi = Math.max(...ys);
  const h = hi - lo || 1;
  const d = pts
    .map((p, i) => {
      const x = Math.max(0, Math.min(100, ((p.x - props.from) / span) * 100));
      const y = 28 - ((p.y - lo) / h) * 26;
      return `${i ? 'L' : 'M'}${x.toFixed(2)},${y.toFixed(2)}`;
    })
    .join(' ');
  return (
    <svg
      viewBox="0 0 100 30"
      preserveAspectRatio="none"
      className={`${props.className ?? ''} ${props.tone}`}
      data-testid="card-spark"
      data-points={pts.length}
      aria-hidden
    >
      <path d={d} fill="none" stroke="currentColor" strokeWidth="1.5" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
