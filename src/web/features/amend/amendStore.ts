// Which order the amendment dialog is open for (from an open-orders row or a dragged chart line).
import { create } from 'zustand';

export interface AmendTarget {
  orderId: number;
  symbol: string;
  side: 'buy' | 'sell';
  price: string;
  qty: string;
  filledQty: string;
  /** The order's clientOrderId: its "canceled" notice is withdrawn once the amendment is told. */
  clientOrderId?: string | null;
  /** A price proposed by dragging the order's chart line. */
  proposedPrice?: string;
}

interface AmendDialogState {
  target: AmendTarget | null;
  open: (t: AmendTarget) => void;
  close: () => void;
}

export const useAmendDialog = create<AmendDialogState>()((set) => ({
  target: null,
  open: (target) => set({ target }),
  close: () => set({ target: null }),
}));

export const openAmend = (t: AmendTarget) => useAmendDialog.getState().open(t);
