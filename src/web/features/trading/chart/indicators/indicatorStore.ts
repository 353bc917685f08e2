// Chart settings chosen from the toolbar: the active indicators with their parameters, and candles or depth.
// Persisted in localStorage; anything unreadable on load is dropped rather than trusted.
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  DEFAULT_SPECS,
  type IndicatorKind,
  type IndicatorSpec,
  specId,
  validateSpec,
} from '../../../../../core/indicators/index.js';

export type ChartView = 'candles' | 'depth';

export interface IndicatorState {
  active: IndicatorSpec[];
  view: ChartView;
  /** Adds the kind with its default settings (or the next free MA/EMA period when that one is taken). */
  add: (kind: IndicatorKind) => void;
  /** Replaces the i-th indicator when the new settings are valid and not a duplicate. */
  update: (index: number, spec: unknown) => boolean;
  remove: (index: number) => void;
  setView: (view: ChartView) => void;
}

const MA_PERIODS = [5, 10, 20, 50, 60, 120, 200];
export const MAX_INDICATORS = 10;

function nextSpec(kind: IndicatorKind, active: readonly IndicatorSpec[]): IndicatorSpec | null {
  const taken = new Set(active.map(specId));
  const base = DEFAULT_SPECS[kind];
  if (!taken.has(specId(base))) return base;
  if (kind === 'sma' || kind === 'ema') {
    for (const period of MA_PERIODS) {
      const s = { kind, period } as IndicatorSpec;
      if (!taken.has(specId(s))) return s;
    }
  }
  return null;
}

export const useIndicators = create<IndicatorState>()(
  persist(
    (set) => ({
      active: [{ kind: 'sma', period: 20 }],
      view: 'candles',
      add: (kind) =>
        set((s) => {
          const spec = s.active.length < MAX_INDICATORS ? nextSpec(kind, s.active) : null;
          return spec ? { active: [...s.active, spec] } : s;
        }),
      update: (index, raw) => {
        const spec = validateSpec(raw);
        let ok = false;
        set((s) => {
          if (!spec || !s.active[index]) return s;
          const clash = s.active.some((x, i) => i !== index && specId(x) === specId(spec));
          if (clash) return s;
          ok = true;
          return { active: s.active.map((x, i) => (i === index ? spec : x)) };
        });
        return ok;
      },
      remove: (index) => set((s) => ({ active: s.active.filter((_, i) => i !== index) })),
      setView: (view) => set({ view }),
    }),
    {
      name: 'kapi-chart',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ active, view }) => ({ active, view }),
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as { active?: unknown; view?: unknown };
        const seen = new Set<string>();
        const active = (Array.isArray(p.active) ? p.active : current.active)
          .map(validateSpec)
          .filter((s): s is IndicatorSpec => !!s && !seen.has(specId(s)) && !!seen.add(specId(s)))
          .slice(0, MAX_INDICATORS);
        return { ...current, active, view: p.view === 'depth' ? 'depth' : 'candles' };
      },
    },
  ),
);
