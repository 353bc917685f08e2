import type { EquityPoint } from '../../../core/desk/dayPnl.js';

/**
 * The day's equity line of a card (SVG, scales with its box; numbers only for drawing). `opening` is
 * the value at 00:00 rebuilt by the ledger when the proxy took no snapshot then: drawn dashed up to the
 * first snapshot, since the path between is not known.
 */
export function Sparkline(props: {
  points: readonly EquityPoint[];
  live?: string | null;
  opening?: EquityPoint | null;
  from: number;
  to: number;
  tone: string;
  className?: string;
}) {
  const pts = props.points.map((p) => ({ x: p.ts, y: Number(p.equityKrw) }));
  if (props.live) pts.push({ x: props.to, y: Number(props.live) });
  const open = props.opening ? { x: props.opening.ts, y: Number(props.opening.equityKrw) } : null;
  const all = open ? [open, ...pts] : pts;
  const span = Math.max(1, props.to - props.from);
  if (all.length < 2) {
    return <div className={props.className} data-testid="card-spark" data-points={all.length} />;
  }
  const ys = all.map((p) => p.y);
  const lo = Math.min(...ys);
  const hi = Math.max(...ys);
  const h = hi - lo || 1;
  const at = (p: { x: number; y: number }) => {
    const x = Math.max(0, Math.min(100, ((p.x - props.from) / span) * 100));
    const y = 28 - ((p.y - lo) / h) * 26;
    return `${x.toFixed(2)},${y.toFixed(2)}`;
  };
  const d = pts.map((p, i) => `${i ? 'L' : 'M'}${at(p)}`).join(' ');
  return (
    <svg
      viewBox="0 0 100 30"
      preserveAspectRatio="none"
      className={`${props.className ?? ''} ${props.tone}`}
      data-testid="card-spark"
      data-points={all.length}
      aria-hidden
    >
      {open && pts[0] && (
        <path
          d={`M${at(open)} L${at(pts[0])}`}
          fill="none"
          stroke="currentColor"
          strokeWidth="1"
          strokeDasharray="2 2"
          opacity="0.6"
          vectorEffect="non-scaling-stroke"
          data-testid="card-spark-opening"
        />
      )}
      {pts.length >= 2 && (
        <path d={d} fill="none" stroke="currentColor" strokeWidth="1.5" vectorEffect="non-scaling-stroke" />
      )}
    </svg>
  );
}
