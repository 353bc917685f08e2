// Which alert the dialog is creating or editing (one dialog for the panel, the chart and the market list).
import { create } from 'zustand';
import type { AlertCondition } from '../../../core/alerts/types.js';

export interface AlertDraft {
  /** Set when editing an existing alert. */
  id?: string;
  symbol: string;
  condition: AlertCondition;
  repeat: boolean;
  cooldownSec: number;
  note: string;
}

interface DialogState {
  draft: AlertDraft | null;
  open: (d: AlertDraft) => void;
  close: () => void;
}

export const useAlertDialog = create<DialogState>()((set) => ({
  draft: null,
  open: (draft) => set({ draft }),
  close: () => set({ draft: null }),
}));

/** Opens the dialog for a new level alert at `price` (above or below picked from the last price). */
export function newLevelDraft(symbol: string, price: string, type: 'above' | 'below'): AlertDraft {
  return { symbol, condition: { type, level: price }, repeat: false, cooldownSec: 60, note: '' };
}
