import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** UI preferences, persisted in localStorage. Never put a secret, token or key in here. */
export type Theme = 'dark' | 'light';
export type ColorScheme = 'krw' | 'western';
export type Language = 'ko' | 'en';
export type TimeZonePref = 'kst' | 'local';

export interface LayoutSizes {
  /** Width of the order book column in px. */
  bookWidth: number;
  /** Width of the order entry column in px. */
  entryWidth: number;
  /** Height of the bottom tabs panel in px. */
  bottomHeight: number;
}

export const DEFAULT_LAYOUT: LayoutSizes = {
  bookWidth: 320,
  entryWidth: 320,
  bottomHeight: 260,
};

export interface PrefsState {
  theme: Theme;
  colorScheme: ColorScheme;
  language: Language;
  timezone: TimeZonePref;
  profileId: string | null;
  accountSeq: number;
  symbol: string;
  interval: string;
  bookLevel: string | null;
  layout: LayoutSizes;
  /** Order value (quote currency) above which the order form asks for confirmation. */
  largeOrderValue: string;
  /** Fill alerts: a toast, a short beep, the count in the tab title. */
  fillToast: boolean;
  fillSound: boolean;
  fillTitle: boolean;
  /** Pre-trade check (issue 22 item 3): thresholds in percent (decimal strings), and whether a warning blocks. */
  ptSlippagePct: string;
  ptFatFingerPct: string;
  ptDepthSharePct: string;
  ptEquitySharePct: string;
  ptBlock: boolean;
  set: (patch: Partial<Omit<PrefsState, 'set' | 'setLayout'>>) => void;
  setLayout: (patch: Partial<LayoutSizes>) => void;
}

export const usePrefs = create<PrefsState>()(
  persist(
    (set) => ({
      theme: 'dark',
      colorScheme: 'krw',
      language: 'ko',
      timezone: 'kst',
      profileId: null,
      accountSeq: 1,
      symbol: 'btc_krw',
      interval: '15',
      bookLevel: null,
      layout: DEFAULT_LAYOUT,
      largeOrderValue: '10000000',
      fillToast: true,
      fillSound: false,
      fillTitle: true,
      // The vendor CLI's slippage bound (1 %); fat finger at the ticket's old "far from last" 10 %.
      ptSlippagePct: '1',
      ptFatFingerPct: '10',
      ptDepthSharePct: '50',
      ptEquitySharePct: '50',
      ptBlock: false,
      set: (patch) => set(patch),
      setLayout: (patch) => set((s) => ({ layout: { ...s.layout, ...patch } })),
    }),
    {
      name: 'kapi-prefs',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ set: _s, setLayout: _l, ...rest }) => rest,
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<PrefsState>;
        return { ...current, ...p, layout: { ...DEFAULT_LAYOUT, ...(p.layout ?? {}) } };
      },
    },
  ),
);

/** Imperative access for non-React code. */
export const getPrefs = () => usePrefs.getState();
