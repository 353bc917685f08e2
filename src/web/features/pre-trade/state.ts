// The latest pre-trade check of each ticket ("order": the plain order form, "cond": conditional arming),
// published by the live check (usePreTradeCheck, loaded after first paint) and read by the confirmation
// step. The live check also publishes how to run itself on the inputs it holds (the book on screen, the
// thresholds, the equity), so a ticket can check exactly the order it is about to send (checkNow): the
// published result comes from an effect and may describe the form as it was a render ago.
// Eager and tiny: only types come from the core.
import { useSyncExternalStore } from 'react';
import type { PreTradeInput, PreTradeResult } from '../../../core/preTrade/types.js';

/** The order part of the check's input: everything but the book, the thresholds and the equity. */
export type PreTradeDraft = Omit<PreTradeInput, 'bids' | 'asks' | 'thresholds' | 'equity'>;

export type PreTradeSlot = 'order' | 'cond';
export type PreTradeRunner = (draft: PreTradeDraft) => PreTradeResult | null;

const current: Record<PreTradeSlot, PreTradeResult | null> = { order: null, cond: null };
const runners: Record<PreTradeSlot, PreTradeRunner | null> = { order: null, cond: null };
const listeners = new Set<() => void>();

export function setPreTrade(slot: PreTradeSlot, r: PreTradeResult | null) {
  if (current[slot] === r) return;
  current[slot] = r;
  for (const l of listeners) l();
}

export const getPreTrade = (slot: PreTradeSlot): PreTradeResult | null => current[slot];

/** The live check's runner (null: no live book, or the check is not loaded). */
export function setPreTradeRunner(slot: PreTradeSlot, run: PreTradeRunner | null) {
  runners[slot] = run;
}

/**
 * The check of exactly this draft, on the latest book the live check holds, published so the
 * confirmation lists it. Null when there is no draft or no live check (not loaded yet, or the book is not
 * live): the caller then decides without one.
 */
export function checkNow(slot: PreTradeSlot, draft: PreTradeDraft | null): PreTradeResult | null {
  const run = runners[slot];
  if (!run || !draft) return null;
  const r = run(draft);
  setPreTrade(slot, r);
  return r;
}

const subscribe = (cb: () => void) => {
  listeners.add(cb);
  return () => listeners.delete(cb);
};

export function usePreTradeResult(slot: PreTradeSlot): PreTradeResult | null {
  return useSyncExternalStore(subscribe, () => current[slot]);
}

/** Whether confirming is blocked now: the user turned blocking on and the check has a warning. */
export function isBlockedBy(r: PreTradeResult | null, block: boolean): boolean {
  return block && !!r && r.warnings.length > 0;
}
