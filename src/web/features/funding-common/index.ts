// The door of the shared funding pieces (deposits, withdrawals, transfers). Older imports still reach
// the files directly (scripts/architecture-baseline.json); new ones come through here.
export { CoinListTable } from './CoinListTable.js';
export { type CoinListKind, useCoinFundingList } from './coinFundingList.js';
