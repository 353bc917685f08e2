// Every TanStack Query key of the dashboard. Private data is keyed by [ 'p', profileId, accountSeq, ... ] so
// one profile/account can be invalidated as a prefix: qc.invalidateQueries({ queryKey: qk.account(p, a) }).
type P = string | null | undefined;

export interface TimeRange {
  startTime?: number;
  endTime?: number;
}

export const qk = {
  // proxy
  session: () => ['session'] as const,
  ratelimits: () => ['proxy', 'ratelimits'] as const,
  profiles: () => ['proxy', 'profiles'] as const,
  journal: (limit?: number) => ['proxy', 'journal', limit ?? null] as const,
  doctor: (profileId: P) => ['proxy', 'doctor', profileId ?? ''] as const,
  alerts: () => ['proxy', 'alerts'] as const,
  conditional: () => ['proxy', 'conditional'] as const,
  conditionalList: () => ['proxy', 'conditional', 'list'] as const,
  conditionalStatus: () => ['proxy', 'conditional', 'status'] as const,
  deskEquity: () => ['desk', 'equity'] as const,
  deskScenario: () => ['desk', 'scenario'] as const,
  // record and replay (issue 22): the sandbox's replay state, the proxy's recorder
  replay: () => ['desk', 'replay'] as const,
  recorder: () => ['proxy', 'recorder'] as const,
  // investment results (issue 21): the proxy's ledger and P&L; every key under ['proxy', 'ledger'] or
  // ['proxy', 'pnl'] so a saved cost or a finished sync invalidates them as prefixes
  ledger: () => ['proxy', 'ledger'] as const,
  ledgerStatus: () => ['proxy', 'ledger', 'status'] as const,
  ledgerEventsAll: () => ['proxy', 'ledger', 'events'] as const,
  ledgerEvents: (accounts: string, from: number, to: number | null, kinds: string) =>
    ['proxy', 'ledger', 'events', accounts, from, to, kinds] as const,
  pnlAll: () => ['proxy', 'pnl'] as const,
  pnl: (accounts: string, from: number, to: number | null) => ['proxy', 'pnl', accounts, from, to] as const,
  pnlTax: (accounts: string, year: number) => ['proxy', 'pnl', 'tax', accounts, year] as const,

  // public
  serverTime: () => ['public', 'time'] as const,
  currencyPairs: () => ['public', 'currencyPairs'] as const,
  tickers: () => ['public', 'tickers'] as const,
  tickSizePolicy: (symbol: string) => ['public', 'tickSizePolicy', symbol] as const,
  orderbook: (symbol: string, level?: string | null) =>
    ['public', 'orderbook', symbol, level ?? null] as const,
  trades: (symbol: string) => ['public', 'trades', symbol] as const,
  candles: (symbol: string, interval: string) => ['public', 'candles', symbol, interval] as const,
  /** One page of older candles ending at `end` ('latest': the newest page). */
  candlesPage: (symbol: string, interval: string, end: number | 'latest') =>
    ['public', 'candles', symbol, interval, end] as const,
  currencies: () => ['public', 'currencies'] as const,
  notices: () => ['public', 'notices'] as const,
  marketAlerts: (symbol?: string) => ['public', 'marketAlerts', symbol ?? null] as const,

  // private, per key profile
  allPrivate: () => ['p'] as const,
  profile: (profileId: P) => ['p', profileId ?? null] as const,
  keyInfo: (profileId: P) => ['p', profileId ?? null, 'keyInfo'] as const,
  accounts: (profileId: P) => ['p', profileId ?? null, 'accounts'] as const,
  namedAccounts: (profileId: P) => ['p', profileId ?? null, 'accounts', 'named'] as const,
  feePolicy: (profileId: P, symbol?: string) =>
    ['p', profileId ?? null, 'feePolicy', symbol ?? null] as const,

  // private, per key profile and account
  account: (profileId: P, accountSeq: number) => ['p', profileId ?? null, accountSeq] as const,
  balance: (profileId: P, accountSeq: number) => ['p', profileId ?? null, accountSeq, 'balance'] as const,
  openOrders: (profileId: P, accountSeq: number, symbol: string) =>
    ['p', profileId ?? null, accountSeq, 'openOrders', symbol] as const,
  allOrders: (profileId: P, accountSeq: number, symbol: string, range?: TimeRange) =>
    [
      'p',
      profileId ?? null,
      accountSeq,
      'allOrders',
      symbol,
      range?.startTime ?? null,
      range?.endTime ?? null,
    ] as const,
  /** One page of the order history: the window's key plus the page size. */
  allOrdersPage: (profileId: P, accountSeq: number, symbol: string, range: TimeRange, limit: number) =>
    [...qk.allOrders(profileId, accountSeq, symbol, range), limit] as const,
  allOrdersPrefix: (profileId: P, accountSeq: number, symbol: string) =>
    ['p', profileId ?? null, accountSeq, 'allOrders', symbol] as const,
  order: (profileId: P, accountSeq: number, symbol: string, id: string) =>
    ['p', profileId ?? null, accountSeq, 'order', symbol, id] as const,
  myTrades: (profileId: P, accountSeq: number, symbol: string, range?: TimeRange) =>
    [
      'p',
      profileId ?? null,
      accountSeq,
      'myTrades',
      symbol,
      range?.startTime ?? null,
      range?.endTime ?? null,
    ] as const,
  myTradesPrefix: (profileId: P, accountSeq: number, symbol: string) =>
    ['p', profileId ?? null, accountSeq, 'myTrades', symbol] as const,
  preventedMatches: (profileId: P, accountSeq: number, symbol?: string) =>
    ['p', profileId ?? null, accountSeq, 'preventedMatches', symbol ?? null] as const,
  transfers: (profileId: P, accountSeq: number) => ['p', profileId ?? null, accountSeq, 'transfers'] as const,
  transfer: (profileId: P, accountSeq: number, transferId: string | number | null) =>
    ['p', profileId ?? null, accountSeq, 'transfers', 'detail', transferId] as const,

  // funding (main account only)
  depositAddresses: (profileId: P) => ['p', profileId ?? null, 1, 'depositAddresses'] as const,
  coinDeposits: (profileId: P, currency?: string) =>
    ['p', profileId ?? null, 1, 'coinDeposits', currency ?? null] as const,
  coinWithdrawals: (profileId: P, currency?: string) =>
    ['p', profileId ?? null, 1, 'coinWithdrawals', currency ?? null] as const,
  // one record: under the list key of every currency (null), so a list invalidation reaches it
  coinDeposit: (profileId: P, id: string | number | null, currency: string | null) =>
    ['p', profileId ?? null, 1, 'coinDeposits', null, 'detail', id, currency] as const,
  coinWithdrawal: (profileId: P, id: string | number | null, currency: string | null) =>
    ['p', profileId ?? null, 1, 'coinWithdrawals', null, 'detail', id, currency] as const,
  withdrawableAddresses: (profileId: P, currency?: string) =>
    ['p', profileId ?? null, 1, 'withdrawableAddresses', currency ?? null] as const,
  withdrawableAmount: (profileId: P, currency: string) =>
    ['p', profileId ?? null, 1, 'withdrawableAmount', currency] as const,
  withdrawableAmountPrefix: (profileId: P) => ['p', profileId ?? null, 1, 'withdrawableAmount'] as const,
  krwDeposits: (profileId: P) => ['p', profileId ?? null, 1, 'krwDeposits'] as const,
  krwWithdrawals: (profileId: P) => ['p', profileId ?? null, 1, 'krwWithdrawals'] as const,
};
