// What the page's charts draw, pure: the equity curve with its flows pinned to curve points, and the
// allocation slices. Numbers here are for drawing only; every figure shown as text stays a string.
import {
  add,
  cmp,
  type Dec,
  div,
  isDecimalString,
  isPositive,
  mul,
  sub,
  sum,
} from '../../../core/decimal.js';
import type { AssetPnl, PnlFlow } from '../../../core/pnl/types.js';

const KST_S = 9 * 3600;

/** Chart time (seconds) that shows KST wall-clock time on the chart's UTC axis. */
export const kstChartTime = (ms: number): number => Math.floor(ms / 1000) + KST_S;

export interface CurvePoint {
  time: number;
  value: number;
}

export interface FlowMarker {
  time: number;
  /** 'in' (deposit, transfer in) or 'out'. */
  dir: 'in' | 'out';
  /** Flows pinned to this point, summed (signed KRW). */
  valueKrw: Dec;
  count: number;
}

/** Curve points in strictly increasing time (a later duplicate wins) and each flow pinned to the first
 * point at or after it (the last point when none), summed per point and direction. */
export function equityChartData(
  curve: readonly { at: number; equityKrw: Dec }[],
  flows: readonly PnlFlow[],
): { points: CurvePoint[]; markers: FlowMarker[] } {
  const points: CurvePoint[] = [];
  for (const p of [...curve].sort((a, b) => a.at - b.at)) {
    if (!isDecimalString(p.equityKrw)) continue;
    const time = kstChartTime(p.at);
    const point = { time, value: Number(p.equityKrw) };
    if (points.length > 0 && points[points.length - 1]?.time === time) points[points.length - 1] = point;
    else points.push(point);
  }
  const markers = new Map<string, FlowMarker>();
  if (points.length > 0) {
    for (const f of flows) {
      const t = kstChartTime(f.at);
      const at = points.find((p) => p.time >= t) ?? points[points.length - 1];
      if (!at || !isDecimalString(f.valueKrw)) continue;
      const dir = f.kind === 'deposit' || f.kind === 'transferIn' ? 'in' : 'out';
      const key = `${at.time}:${dir}`;
      const m = markers.get(key);
      if (m) {
        m.valueKrw = add(m.valueKrw, f.valueKrw);
        m.count += 1;
      } else markers.set(key, { time: at.time, dir, valueKrw: f.valueKrw, count: 1 });
    }
  }
  return {
    points,
    markers: [...markers.values()].sort((a, b) => a.time - b.time || a.dir.localeCompare(b.dir)),
  };
}

export interface Slice {
  /** Currency, 'krw' for cash, or 'other'. */
  key: string;
  valueKrw: Dec;
  /** Percent of the whole, 1 dp (string). */
  pct: Dec;
}

/**
 * Slices of the portfolio at the period's end: coins by value (largest first, the rest beyond `maxCoins`
 * as 'other'), and KRW cash as what end equity holds beyond the coins (or the 'krw' row when the report
 * has one). Empty when nothing is held.
 */
export function allocationSlices(perAsset: readonly AssetPnl[], endEquityKrw: Dec, maxCoins = 6): Slice[] {
  const coins = perAsset
    .filter((a) => a.currency !== 'krw' && isDecimalString(a.valueKrw) && isPositive(a.valueKrw))
    .sort((a, b) => cmp(b.valueKrw, a.valueKrw));
  const krwRow = perAsset.find((a) => a.currency === 'krw');
  const coinTotal = sum(coins.map((c) => c.valueKrw));
  const cash = krwRow ? krwRow.valueKrw : isDecimalString(endEquityKrw) ? sub(endEquityKrw, coinTotal) : '0';
  const parts: { key: string; valueKrw: Dec }[] = coins
    .slice(0, maxCoins)
    .map((c) => ({ key: c.currency, valueKrw: c.valueKrw }));
  const rest = coins.slice(maxCoins);
  if (rest.length > 0) parts.push({ key: 'other', valueKrw: sum(rest.map((c) => c.valueKrw)) });
  if (isDecimalString(cash) && isPositive(cash)) parts.push({ key: 'krw', valueKrw: cash });
  const whole = sum(parts.map((p) => p.valueKrw));
  if (!isPositive(whole)) return [];
  return parts.map((p) => ({ ...p, pct: div(mul(p.valueKrw, '100'), whole, 1) }));
}
