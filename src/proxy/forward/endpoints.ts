/**
 * Allowlist of forwarded v2 endpoints. Temporary private table with the shape of
 * src/core/permissions.ts ENDPOINTS (contract section 1); `findAllowedEndpoint` switches to the core
 * table once it exists.
 */
export type LimitClass = 'public' | 'order' | 'cancel' | 'funding' | 'private';
export type AccountScope = 'account' | 'main-only' | 'required' | 'none';

export interface EndpointInfo {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  auth: 'public' | 'private';
  limitClass: LimitClass;
  accountScope: AccountScope;
}

const pub = (path: string): EndpointInfo => ({
  method: 'GET',
  path,
  auth: 'public',
  limitClass: 'public',
  accountScope: 'none',
});
const prv = (
  method: EndpointInfo['method'],
  path: string,
  limitClass: LimitClass,
  accountScope: AccountScope,
): EndpointInfo => ({ method, path, auth: 'private', limitClass, accountScope });

export const PROXY_ENDPOINTS: EndpointInfo[] = [
  pub('/v2/tickers'),
  pub('/v2/orderbook'),
  pub('/v2/trades'),
  pub('/v2/candles'),
  pub('/v2/currencyPairs'),
  pub('/v2/tickSizePolicy'),
  pub('/v2/time'),
  pub('/v2/currencies'),
  pub('/v2/notices'),
  pub('/v2/marketAlerts'),
  prv('GET', '/v2/orders', 'private', 'account'),
  prv('POST', '/v2/orders', 'order', 'account'),
  prv('DELETE', '/v2/orders', 'cancel', 'account'),
  prv('GET', '/v2/openOrders', 'private', 'account'),
  prv('GET', '/v2/allOrders', 'private', 'account'),
  prv('GET', '/v2/myTrades', 'private', 'account'),
  prv('GET', '/v2/myPreventedMatches', 'private', 'required'),
  prv('GET', '/v2/balance', 'private', 'account'),
  prv('GET', '/v2/coin/depositAddresses', 'private', 'main-only'),
  prv('GET', '/v2/coin/depositAddress', 'private', 'main-only'),
  prv('POST', '/v2/coin/depositAddress', 'funding', 'main-only'),
  prv('GET', '/v2/coin/recentDeposits', 'private', 'main-only'),
  prv('GET', '/v2/coin/deposit', 'private', 'main-only'),
  prv('GET', '/v2/coin/withdrawableAddresses', 'private', 'main-only'),
  prv('GET', '/v2/coin/withdrawableAmount', 'private', 'main-only'),
  prv('POST', '/v2/coin/withdrawal', 'funding', 'main-only'),
  prv('DELETE', '/v2/coin/withdrawal', 'funding', 'main-only'),
  prv('GET', '/v2/coin/recentWithdrawals', 'private', 'main-only'),
  prv('GET', '/v2/coin/withdrawal', 'private', 'main-only'),
  prv('POST', '/v2/krw/sendKrwDepositPush', 'funding', 'main-only'),
  prv('POST', '/v2/krw/sendKrwWithdrawalPush', 'funding', 'main-only'),
  prv('GET', '/v2/krw/recentDeposits', 'private', 'main-only'),
  prv('GET', '/v2/krw/recentWithdrawals', 'private', 'main-only'),
  prv('POST', '/v2/accountTransfer', 'funding', 'required'),
  prv('GET', '/v2/accountTransfer', 'private', 'required'),
  prv('GET', '/v2/recentAccountTransfers', 'private', 'required'),
  prv('GET', '/v2/tradingFeePolicy', 'private', 'none'),
  prv('GET', '/v2/currentKeyInfo', 'private', 'none'),
  prv('GET', '/v2/accounts', 'private', 'none'),
];

/** Endpoints that move money out; they need the profile's allowWithdrawals setting. */
export const WITHDRAWAL_ENDPOINTS = new Set([
  'POST /v2/coin/withdrawal',
  'POST /v2/krw/sendKrwWithdrawalPush',
]);

const byKey = new Map(PROXY_ENDPOINTS.map((e) => [`${e.method} ${e.path}`, e]));

export function findAllowedEndpoint(method: string, path: string): EndpointInfo | undefined {
  return byKey.get(`${method.toUpperCase()} ${path}`);
}
