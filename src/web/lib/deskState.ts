// What each account card reports to the desk header (live, not persisted), and the desk's own
// settings (persisted): alert thresholds and presenter mode.
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface AccountReport {
  id: string;
  profileId: string;
  accountSeq: number;
  label: string;
  equityKrw: string | null;
  dayPnl: string | null;
  /** When the day P&L counts from, if later than 00:00 KST (the proxy's first snapshot of the day); else null. */
  dayFrom: number | null;
  /** Flow lists the sampler could not read (comma-joined, '' when none): the day P&L is uncertain. */
  pnlUncertain: string;
  openOrders: number;
  fillsToday: number;
  /** Largest fill value (KRW) today and when it happened. */
  largestFillKrw: string | null;
  largestFillAt: number | null;
  streamStatus: string;
  keyExpiresAt: number | null;
  holdings: number;
  orderPairs: number;
}

interface ReportsState {
  reports: Record<string, AccountReport>;
  report: (r: AccountReport) => void;
  drop: (id: string) => void;
}

export const useDeskReports = create<ReportsState>()((set) => ({
  reports: {},
  report: (r) =>
    set((s) => {
      const old = s.reports[r.id];
      if (old && sameReport(old, r)) return s;
      return { reports: { ...s.reports, [r.id]: r } };
    }),
  drop: (id) =>
    set((s) => {
      if (!(id in s.reports)) return s;
      const { [id]: _gone, ...rest } = s.reports;
      return { reports: rest };
    }),
}));

function sameReport(a: AccountReport, b: AccountReport): boolean {
  for (const k of Object.keys(b) as (keyof AccountReport)[]) if (a[k] !== b[k]) return false;
  return true;
}

export interface DeskPrefs {
  /** Alert when an account's total value falls below this (KRW; empty = off). */
  krwFloor: string;
  /** Alert on a fill worth at least this (KRW; empty = off). */
  largeFillKrw: string;
  /** Presenter mode: larger type, no key hints or account identifiers. */
  presenter: boolean;
  set: (p: Partial<Omit<DeskPrefs, 'set'>>) => void;
}

export const useDeskPrefs = create<DeskPrefs>()(
  persist(
    (set) => ({
      krwFloor: '',
      largeFillKrw: '50000000',
      presenter: false,
      set: (p) => set(p),
    }),
    {
      name: 'kapi-desk',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ set: _s, ...rest }) => rest,
    },
  ),
);
