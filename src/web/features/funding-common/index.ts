// The door of the shared funding pieces (deposits, withdrawals, transfers).
export { AmountWithMax } from './AmountWithMax.js';
export { CoinListTable } from './CoinListTable.js';
export { CoinRecordDetail, useCoinRecordPick } from './CoinRecordDetail.js';
export { type CoinListKind, useCoinFundingList } from './coinFundingList.js';
export { useCoinRecordRows } from './coinRecordRows.js';
export { useRecordColumns } from './columns.js';
export { GatedQueryTable } from './GatedQueryTable.js';
export { KrwFundingPanel } from './KrwFundingPanel.js';
export { RecordDetail } from './RecordDetail.js';
export { StatusBadge } from './StatusBadge.js';
