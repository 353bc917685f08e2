// The door of the pre-trade check (issue 19 item 2): the live check of a draft order against the visible
// book and the balances, shown under the order ticket and the conditional ticket and in the confirmation.
// The panel itself loads in its own chunk (LazyPreTrade.tsx).
export { draftFromForm } from './fromForm.js';
export { LazyPreTradePanel } from './LazyPreTrade.js';
/** The warnings list of the order confirmation, in its own chunk: loaded with the dialog that shows it. */
export const loadPreTradeList = () => import('./PreTradeList.js');
export type { PreTradeList } from './PreTradeList.js';
export type { Units } from './sentences.js';
export { checkNow, getPreTrade, isBlockedBy, type PreTradeSlot, usePreTradeResult } from './state.js';
export type { PreTradeDraft } from './usePreTradeCheck.js';
