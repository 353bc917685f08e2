// Horizontal price lines the user places on the chart, per symbol, remembered in localStorage.
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { isDecimalString } from '../../../../../core/decimal.js';

export interface UserLine {
  id: string;
  price: string;
}

interface UserLinesState {
  bySymbol: Record<string, UserLine[]>;
  placing: boolean;
  add: (symbol: string, price: string) => void;
  move: (symbol: string, id: string, price: string) => void;
  remove: (symbol: string, id: string) => void;
  clear: (symbol: string) => void;
  setPlacing: (on: boolean) => void;
}

export const MAX_USER_LINES = 20;
let seq = 0;
const newId = () => `l${Date.now().toString(36)}${(seq++).toString(36)}`;

export const useUserLines = create<UserLinesState>()(
  persist(
    (set) => ({
      bySymbol: {},
      placing: false,
      add: (symbol, price) =>
        set((s) => {
          const cur = s.bySymbol[symbol] ?? [];
          if (cur.length >= MAX_USER_LINES || !isDecimalString(price)) return { placing: false };
          return { placing: false, bySymbol: { ...s.bySymbol, [symbol]: [...cur, { id: newId(), price }] } };
        }),
      move: (symbol, id, price) =>
        set((s) => ({
          bySymbol: {
            ...s.bySymbol,
            [symbol]: (s.bySymbol[symbol] ?? []).map((l) => (l.id === id ? { ...l, price } : l)),
          },
        })),
      remove: (symbol, id) =>
        set((s) => ({
          bySymbol: { ...s.bySymbol, [symbol]: (s.bySymbol[symbol] ?? []).filter((l) => l.id !== id) },
        })),
      clear: (symbol) => set((s) => ({ bySymbol: { ...s.bySymbol, [symbol]: [] } })),
      setPlacing: (placing) => set({ placing }),
    }),
    {
      name: 'kapi-chart-lines',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ bySymbol }) => ({ bySymbol }),
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as { bySymbol?: Record<string, unknown> };
        const bySymbol: Record<string, UserLine[]> = {};
        for (const [sym, list] of Object.entries(p.bySymbol ?? {})) {
          if (!Array.isArray(list)) continue;
          bySymbol[sym] = list
            .filter(
              (l): l is UserLine =>
                !!l && typeof l.id === 'string' && typeof l.price === 'string' && isDecimalString(l.price),
            )
            .slice(0, MAX_USER_LINES);
        }
        return { ...current, bySymbol };
      },
    },
  ),
);
