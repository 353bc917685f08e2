// The trading screen's arrangement, remembered per screen size: a layout set up on a 1280 px laptop does not
// squeeze a 2560 px desk screen and the other way round. Sizes are clamped to what the size class can hold.
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type SizeClass = 'narrow' | 'standard' | 'wide';
/** What the book column shows: the order book with the tape under the ticket, or one of them alone. */
export type BookMode = 'both' | 'book' | 'trades';

export interface ScreenLayout {
  bookMode: BookMode;
  bookWidth: number;
  entryWidth: number;
  bottomHeight: number;
  marketsOpen: boolean;
}

export function sizeClass(width: number): SizeClass {
  if (width < 1280) return 'narrow';
  if (width < 1680) return 'standard';
  return 'wide';
}

export const DEFAULT_LAYOUTS: Record<SizeClass, ScreenLayout> = {
  narrow: { bookMode: 'both', bookWidth: 270, entryWidth: 290, bottomHeight: 220, marketsOpen: false },
  standard: { bookMode: 'both', bookWidth: 300, entryWidth: 310, bottomHeight: 240, marketsOpen: true },
  wide: { bookMode: 'both', bookWidth: 340, entryWidth: 340, bottomHeight: 280, marketsOpen: true },
};

export const BOUNDS = {
  bookWidth: [240, 560],
  entryWidth: [270, 480],
  bottomHeight: [140, 640],
} as const;

const clamp = (v: number, [lo, hi]: readonly [number, number]) => Math.max(lo, Math.min(hi, v));

/** A stored layout made safe: unknown fields dropped, numbers clamped, missing ones from the defaults. */
export function sanitizeLayout(raw: unknown, cls: SizeClass): ScreenLayout {
  const d = DEFAULT_LAYOUTS[cls];
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const num = (k: keyof typeof BOUNDS) =>
    typeof r[k] === 'number' && Number.isFinite(r[k]) ? clamp(r[k] as number, BOUNDS[k]) : d[k];
  return {
    bookMode:
      r.bookMode === 'book' || r.bookMode === 'trades' || r.bookMode === 'both' ? r.bookMode : d.bookMode,
    bookWidth: num('bookWidth'),
    entryWidth: num('entryWidth'),
    bottomHeight: num('bottomHeight'),
    marketsOpen: typeof r.marketsOpen === 'boolean' ? r.marketsOpen : d.marketsOpen,
  };
}

interface LayoutState {
  byClass: Record<SizeClass, ScreenLayout>;
  update: (cls: SizeClass, patch: Partial<ScreenLayout>) => void;
}

export const useWorkspaceLayouts = create<LayoutState>()(
  persist(
    (set) => ({
      byClass: DEFAULT_LAYOUTS,
      update: (cls, patch) =>
        set((s) => ({
          byClass: { ...s.byClass, [cls]: sanitizeLayout({ ...s.byClass[cls], ...patch }, cls) },
        })),
    }),
    {
      name: 'kapi-layout',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ byClass }) => ({ byClass }),
      merge: (persisted, current) => {
        const p = ((persisted ?? {}) as { byClass?: Record<string, unknown> }).byClass ?? {};
        return {
          ...current,
          byClass: {
            narrow: sanitizeLayout(p.narrow, 'narrow'),
            standard: sanitizeLayout(p.standard, 'standard'),
            wide: sanitizeLayout(p.wide, 'wide'),
          },
        };
      },
    },
  ),
);
