// The chosen period as epoch ms, re-evaluated when the KST day turns (the clock ticks once a second;
// a preset's `to` is left to the proxy, so its query key changes only at midnight).
import { useMemo } from 'react';
import { useNow } from '../../lib/live/useFreshness.js';
import { customProblem, kstDay, type Period, type PeriodKey, periodOf } from './period.js';
import { usePnlView } from './viewState.js';

export function usePeriod(key?: PeriodKey): Period & { toParam: number | null } {
  const chosen = usePnlView((s) => s.period);
  const custom = usePnlView((s) => s.custom);
  const now = useNow();
  const day = kstDay(now);
  const k = key ?? chosen;
  const valid = k !== 'custom' || customProblem(custom, now) === null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed per KST day, not per second
  return useMemo(() => {
    const p = periodOf(valid ? k : 'today', Date.now(), custom);
    return { ...p, toParam: p.endsNow ? null : p.to };
  }, [k, custom, day, valid]);
}
