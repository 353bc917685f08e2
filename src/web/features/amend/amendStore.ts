// Which order the amendment dialog is open for (from an open-orders row or a dragged chart line), and
// which orders the group dialog moves (a dragged chart line standing for several orders at one price).
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

/** Orders of one side resting at one price, to move together to a new price. */
export interface AmendGroup {
  symbol: string;
  side: 'buy' | 'sell';
  price: string;
  orders: AmendTarget[];
  proposedPrice: string;
}

interface AmendDialogState {
  target: AmendTarget | null;
  group: AmendGroup | null;
  open: (t: AmendTarget) => void;
  openGroup: (g: AmendGroup) => void;
  close: () => void;
}

export const useAmendDialog = create<AmendDialogState>()((set) => ({
  target: null,
  group: null,
  open: (target) => set({ target, group: null }),
  openGroup: (group) => set({ group, target: null }),
  close: () => set({ target: null, group: null }),
}));

export const openAmend = (t: AmendTarget) => useAmendDialog.getState().open(t);
export const openGroupAmend = (g: AmendGroup) => useAmendDialog.getState().openGroup(g);
