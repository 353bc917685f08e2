// Order-ticket state (not persisted). Kept in a small store so the order book and the chart can fill it.
import { create } from 'zustand';
import { isPositive } from '../../../core/decimal.js';
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
  /** Bumped by reset (a new market): the price is prefilled once per value (prefillPrice). */
  resetSeq: number;
  /** The resetSeq the price was last prefilled (or found already filled) for. */
  prefilledSeq: number;
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
  prefilledSeq: -1,
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
      prefilledSeq: s.prefilledSeq,
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

/**
 * Starts the limit price at the market's last price, as the big local exchanges' tickets do: once per
 * market (per reset), and only into an empty field, so a price typed or clicked before the ticker
 * came, or cleared by hand afterwards, stays as the user left it. `forSeq`: the resetSeq the caller
 * saw with `last`. Returns whether it filled.
 */
export function prefillPrice(last: string | undefined, forSeq?: number): boolean {
  if (!last || !isPositive(last)) return false;
  const s = useOrderForm.getState();
  // a call made for an earlier market (before its reset was seen) fills nothing
  if (s.prefilledSeq === s.resetSeq || (forSeq !== undefined && forSeq !== s.resetSeq)) return false;
  const fill = s.price === '';
  useOrderForm.setState(
    fill ? { prefilledSeq: s.resetSeq, price: last, snapNote: null } : { prefilledSeq: s.resetSeq },
  );
  return fill;
}
