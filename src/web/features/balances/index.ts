// The door of the balances feature (issue 19 item 2): the balances panel. The balances query is
// lib/useBalances.ts, the valuation lib/valuation.ts, the account chooser lib/accounts/AccountSelect.tsx.
export { BalancesPanel } from './BalancesPanel.js';
