// The one door into an account's private data (open orders, fills, order updates, new-fill events).
export type { FillListener, FillOrigin, GapNotice } from './accountStream.js';
export { invalidateFunding } from './funding.js';
export { GapNoticeLine } from './GapNoticeLine.js';
export {
  useAccountWatch,
  useBalanceWatch,
  useGapNotice,
  useMyTrades,
  useNewFills,
  useOpenOrders,
} from './hooks.js';
export { followOrder } from './orderEvents.js';
export { balanceQuery, myTradesQuery, openOrdersQuery } from './queries.js';
