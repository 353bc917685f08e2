// The door of the conditional-order feature (issue 19 item 2). The trading screen composes it: the orders
// tab and the trigger lines come with the bottom tabs and the chart (both load after the first paint);
// the ticket loads in its own chunk when its tab is first opened. The orders' API hooks are in
// lib/conditionalApi.ts, read by the ticket's tab label too.
export { ConditionalTab } from './ConditionalTab.js';
export { useConditionalLines } from './useConditionalLines.js';

export const loadConditionalTicket = () => import('./ConditionalTicket.js');
