// Market list preferences: favorites, sort, the favorites-only tab. Persisted in localStorage.
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { SortDir, SortKey } from './marketRows.js';

export interface MarketsState {
  favorites: string[];
  sort: SortKey;
  dir: SortDir;
  favoritesOnly: boolean;
  toggleFavorite: (symbol: string) => void;
  sortBy: (key: SortKey) => void;
  set: (patch: Partial<Pick<MarketsState, 'favoritesOnly'>>) => void;
}

const SORTS: readonly SortKey[] = ['name', 'price', 'change', 'volume'];

export const useMarkets = create<MarketsState>()(
  persist(
    (set) => ({
      favorites: [],
      sort: 'volume',
      dir: 'desc',
      favoritesOnly: false,
      toggleFavorite: (symbol) =>
        set((s) => ({
          favorites: s.favorites.includes(symbol)
            ? s.favorites.filter((x) => x !== symbol)
            : [...s.favorites, symbol],
        })),
      // A second click on the same column flips the direction; a new column starts high to low (names A to Z).
      sortBy: (key) =>
        set((s) =>
          s.sort === key
            ? { dir: s.dir === 'asc' ? 'desc' : 'asc' }
            : { sort: key, dir: key === 'name' ? 'asc' : 'desc' },
        ),
      set: (patch) => set(patch),
    }),
    {
      name: 'kapi-markets',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ favorites, sort, dir, favoritesOnly }) => ({ favorites, sort, dir, favoritesOnly }),
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<MarketsState>;
        return {
          ...current,
          favorites: Array.isArray(p.favorites) ? p.favorites.filter((x) => typeof x === 'string') : [],
          sort: p.sort && SORTS.includes(p.sort) ? p.sort : current.sort,
          dir: p.dir === 'asc' || p.dir === 'desc' ? p.dir : current.dir,
          favoritesOnly: p.favoritesOnly === true,
        };
      },
    },
  ),
);
