// Order-ticket state (not persisted). Kept in a small store so the order book and the chart can fill it.
import { create } from 'zustand';
import type { OrderType, Side, TimeInForce } from '../types.js';

export interface OrderForm {
  side: Side;
  orderType: OrderType;
  price: string;
  qty: string;
  /** Quote amount for market/best buys. */
  amt: string;
  timeInForce: TimeInForce;
  bestNth: string;
  pp: boolean;
  ppPercent: string;
  /** Visible feedback after the price was snapped to the tick: the value typed and the value used. */
  snapNote: { from: string; to: string } | null;
  /** Bumped when a field is filled from outside (book click) so fields can flash. */
  fillSeq: number;
  /** Bumped by reset (a new market): the price is prefilled once per value (entry/prefill.ts). */
  resetSeq: number;
  set: (patch: Partial<Omit<OrderForm, 'set' | 'reset'>>) => void;
  reset: () => void;
}

const INITIAL = {
  side: 'buy' as Side,
  orderType: 'limit' as OrderType,
  price: '',
  qty: '',
  amt: '',
  timeInForce: 'gtc' as TimeInForce,
  bestNth: '1',
  pp: false,
  ppPercent: '5',
  snapNote: null,
  fillSeq: 0,
  resetSeq: 0,
};

export const useOrderForm = create<OrderForm>()((set) => ({
  ...INITIAL,
  set: (patch) => set(patch),
  reset: () =>
    set((s) => ({
      ...INITIAL,
      side: s.side,
      orderType: s.orderType,
      timeInForce: s.timeInForce,
      resetSeq: s.resetSeq + 1,
    })),
}));

/** Fill the price from outside (order book, chart). */
export function fillPrice(price: string) {
  useOrderForm.setState((s) => ({ price, snapNote: null, fillSeq: s.fillSeq + 1 }));
}

/** Fill the quantity from outside (order book size click). */
export function fillQty(qty: string) {
  useOrderForm.setState((s) => ({ qty, fillSeq: s.fillSeq + 1 }));
}
