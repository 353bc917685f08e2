// Pure helpers of line dragging: which line is under the pointer, and the dropped price on the tick.
import { decimalPlaces } from '../../../../../core/decimal.js';
import { snapToTick, type TickRange, tickFor } from '../../../../../core/tick.js';

/** Index of the draggable line nearest to y within `slop` px, or -1. Lines without a coordinate are skipped. */
export function lineAt(ys: readonly (number | null)[], y: number, slop = 5): number {
  let best = -1;
  let bestD = slop + 1;
  ys.forEach((ly, i) => {
    if (ly === null) return;
    const d = Math.abs(ly - y);
    if (d <= slop && d < bestD) {
      best = i;
      bestD = d;
    }
  });
  return best;
}

/** A chart coordinate's price (a float) as a decimal string on the pair's tick; null when not positive. */
export function droppedPrice(raw: number, policy: readonly TickRange[]): string | null {
  if (!Number.isFinite(raw) || raw <= 0) return null;
  if (!policy.length) return String(Math.round(raw * 1e8) / 1e8);
  const tick = tickFor(policy, raw.toFixed(8));
  const dp = Math.max(decimalPlaces(tick), 0);
  const s = raw.toFixed(Math.min(dp + 2, 12));
  const snapped = snapToTick(policy, s, 'nearest');
  return snapped === '0' ? null : snapped;
}
