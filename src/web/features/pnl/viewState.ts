// What the 투자손익 page is looking at (period, custom days, account scope, tax year): kept for the
// session so leaving the page and coming back shows the same view. Not persisted.
import { create } from 'zustand';
import type { Scope } from './api.js';
import { type DayRange, kstDay, type PeriodKey } from './period.js';

export interface PnlViewState {
  period: PeriodKey;
  custom: DayRange;
  scope: Scope;
  taxYear: number;
  set: (patch: Partial<Omit<PnlViewState, 'set'>>) => void;
}

const today = kstDay(Date.now());

export const usePnlView = create<PnlViewState>()((set) => ({
  period: '30d',
  custom: { fromDay: `${today.slice(0, 8)}01`, toDay: today },
  scope: 'all',
  taxYear: Number(today.slice(0, 4)),
  set: (patch) => set(patch),
}));
