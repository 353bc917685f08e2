// The latest pre-trade check of each ticket ("order": the plain order form, "cond": conditional arming),
// published by the live check (usePreTradeCheck, loaded after first paint) and read by the confirmation
// step. Eager and tiny: only types come from the core.
import { useSyncExternalStore } from 'react';
import type { PreTradeResult } from '../../../core/preTrade/types.js';

export type PreTradeSlot = 'order' | 'cond';

const current: Record<PreTradeSlot, PreTradeResult | null> = { order: null, cond: null };
const listeners = new Set<() => void>();

export function setPreTrade(slot: PreTradeSlot, r: PreTradeResult | null) {
  if (current[slot] === r) return;
  current[slot] = r;
  for (const l of listeners) l();
}

export const getPreTrade = (slot: PreTradeSlot): PreTradeResult | null => current[slot];

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
