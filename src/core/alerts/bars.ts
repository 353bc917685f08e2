// A level alert judged on candles covering trades never read one by one (a gap longer than the 500
// trades GET /v2/trades returns). A candle says which prices printed in it, not in which order, so
// an alert fires only where that is certain: armed, and the candle reaches the level. It re-arms only
// on a candle wholly back on the near side. Move alerts are not judged on candles (a move inside one
// candle has no direction).

import type { PriceBar } from '../conditional/scanBars.js';
import { reaches } from '../conditional/trigger.js';
import { lt } from '../decimal.js';
import type { AlertDef, AlertFire, AlertState } from './types.js';

export function scanAlertBars(
  def: AlertDef,
  state: AlertState,
  bars: readonly PriceBar[],
  interval: { interval: string; ms: number },
): { state: AlertState; fires: AlertFire[] } {
  const c = def.condition;
  if (c.type === 'move') return { state, fires: [] };
  const dir = c.type === 'above' ? 'up' : 'down';
  const s: AlertState = { ...state };
  const fires: AlertFire[] = [];
  // The latest moment a firing may have happened (cooldowns are measured from it): a candle that
  // reaches the level while the alert is not certainly armed may have fired at its end.
  let mayHaveFired = s.lastFiredAt;
  for (const bar of [...bars].sort((a, b) => a.timestamp - b.timestamp)) {
    if (bar.timestamp < s.since || lt(bar.high, bar.low)) continue;
    if (!reaches(dir, dir === 'up' ? bar.high : bar.low, c.level)) {
      s.armed = true; // wholly on the near side
      continue;
    }
    const end = bar.timestamp + interval.ms;
    const cooling = mayHaveFired !== undefined && bar.timestamp - mayHaveFired < def.cooldownSec * 1000;
    const certain = s.armed && !cooling;
    // used up either way; a return to the near side inside the same candle is not certain
    s.armed = false;
    mayHaveFired = end;
    if (!certain) continue;
    s.lastFiredAt = end;
    fires.push({ tradeId: state.afterTradeId, price: c.level, at: bar.timestamp, bars: interval.interval });
    if (!def.repeat) break;
  }
  return { state: s, fires };
}
