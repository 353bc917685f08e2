/**
 * API key permissions and the table of every v2 REST endpoint (spec section 4): authentication,
 * required permission, rate-limit class (spec 8.1) and how accountSeq applies.
 * Decisions are recorded in docs/api-decisions.md ("Endpoint table").
 *
 * Runtime-neutral: no DOM, no Node APIs.
 */
import type { PrivateChannel } from './channels.js';

/** Permission identifiers as keys report them (the two transfer names are our choice). */
export const PERMISSIONS = [
  'readBalances',
  'readOrders',
  'writeOrders',
  'readDeposits',
  'writeDeposits',
  'readWithdrawals',
  'writeWithdrawals',
  'readTransfers',
  'writeTransfers',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
}

export type HttpMethod = 'GET' | 'POST' | 'DELETE';
export type EndpointAuth = 'public' | 'private';
/** Rate-limit classes of spec 8.1. */
export type LimitClass = 'public' | 'order' | 'cancel' | 'funding' | 'private';
/**
 * How accountSeq applies:
 * - `none`: the endpoint takes no accountSeq (public, or per user);
 * - `account`: optional accountSeq, default 1, must be in the key's allowedAccountSeqs;
 * - `main-only`: funding endpoints; only accountSeq 1 (omitted = 1) is accepted;
 * - `required`: accountSeq must be given.
 */
export type AccountScope = 'none' | 'account' | 'main-only' | 'required';

/** Requests per second of each limit class (spec 8.1). Private classes count per user + accountSeq. */
export const LIMIT_CLASS_RATES: Readonly<Record<LimitClass, number>> = {
  public: 50,
  order: 30,
  cancel: 30,
  funding: 5,
  private: 50,
};

export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: string;
  readonly auth: EndpointAuth;
  /** Permission the key needs; absent = no key needed (public) or any valid key. */
  readonly permission?: Permission;
  readonly limitClass: LimitClass;
  readonly accountScope: AccountScope;
}

const pub = (path: string): Endpoint => ({
  method: 'GET',
  path,
  auth: 'public',
  limitClass: 'public',
  accountScope: 'none',
});

const priv = (
  method: HttpMethod,
  path: string,
  permission: Permission | undefined,
  limitClass: LimitClass,
  accountScope: AccountScope,
): Endpoint =>
  permission === undefined
    ? { method, path, auth: 'private', limitClass, accountScope }
    : { method, path, auth: 'private', permission, limitClass, accountScope };

/** Every v2 endpoint of spec section 4. */
export const ENDPOINTS: readonly Endpoint[] = [
  // 4.1 public quotation
  pub('/v2/tickers'),
  pub('/v2/orderbook'),
  pub('/v2/trades'),
  pub('/v2/candles'),
  pub('/v2/currencyPairs'),
  pub('/v2/tickSizePolicy'),
  // Other: public reference data (decision: no key needed)
  pub('/v2/time'),
  pub('/v2/currencies'),
  pub('/v2/notices'),
  pub('/v2/marketAlerts'),

  // 4.2 / 4.3 orders
  priv('GET', '/v2/orders', 'readOrders', 'private', 'account'),
  priv('POST', '/v2/orders', 'writeOrders', 'order', 'account'),
  priv('DELETE', '/v2/orders', 'writeOrders', 'cancel', 'account'),
  priv('GET', '/v2/openOrders', 'readOrders', 'private', 'account'),
  priv('GET', '/v2/allOrders', 'readOrders', 'private', 'account'),
  // 4.4 trading
  priv('GET', '/v2/myTrades', 'readOrders', 'private', 'account'),
  priv('GET', '/v2/myPreventedMatches', 'readOrders', 'private', 'required'),
  // asset
  priv('GET', '/v2/balance', 'readBalances', 'private', 'account'),
  // crypto deposit
  priv('GET', '/v2/coin/depositAddresses', 'readDeposits', 'private', 'main-only'),
  priv('GET', '/v2/coin/depositAddress', 'readDeposits', 'private', 'main-only'),
  priv('POST', '/v2/coin/depositAddress', 'writeDeposits', 'funding', 'main-only'),
  priv('GET', '/v2/coin/recentDeposits', 'readDeposits', 'private', 'main-only'),
  priv('GET', '/v2/coin/deposit', 'readDeposits', 'private', 'main-only'),
  // crypto withdrawal
  priv('GET', '/v2/coin/withdrawableAddresses', 'readWithdrawals', 'private', 'main-only'),
  priv('GET', '/v2/coin/withdrawableAmount', 'readWithdrawals', 'private', 'main-only'),
  priv('POST', '/v2/coin/withdrawal', 'writeWithdrawals', 'funding', 'main-only'),
  priv('DELETE', '/v2/coin/withdrawal', 'writeWithdrawals', 'funding', 'main-only'),
  priv('GET', '/v2/coin/recentWithdrawals', 'readWithdrawals', 'private', 'main-only'),
  priv('GET', '/v2/coin/withdrawal', 'readWithdrawals', 'private', 'main-only'),
  // fiat (KRW)
  priv('POST', '/v2/krw/sendKrwDepositPush', 'writeDeposits', 'funding', 'main-only'),
  priv('POST', '/v2/krw/sendKrwWithdrawalPush', 'writeWithdrawals', 'funding', 'main-only'),
  priv('GET', '/v2/krw/recentDeposits', 'readDeposits', 'private', 'main-only'),
  priv('GET', '/v2/krw/recentWithdrawals', 'readWithdrawals', 'private', 'main-only'),
  // account transfer
  priv('POST', '/v2/accountTransfer', 'writeTransfers', 'funding', 'required'),
  priv('GET', '/v2/accountTransfer', 'readTransfers', 'private', 'required'),
  priv('GET', '/v2/recentAccountTransfers', 'readTransfers', 'private', 'required'),
  // fee policy: takes accountSeq and needs order reading (korbit-cli internal/ops/account_ops.go, `fees`)
  priv('GET', '/v2/tradingFeePolicy', 'readOrders', 'private', 'account'),
  // other private (any valid key; per user)
  priv('GET', '/v2/currentKeyInfo', undefined, 'private', 'none'),
  priv('GET', '/v2/accounts', undefined, 'private', 'none'),
];

const byKey = new Map<string, Endpoint>(ENDPOINTS.map((e) => [`${e.method} ${e.path}`, e]));

/**
 * The endpoint for a method and path. The path may carry a query string, a trailing slash, or the
 * proxy's `/api` prefix (`/api/v2/balance`). Returns undefined for an unknown endpoint.
 */
export function findEndpoint(method: string, path: string): Endpoint | undefined {
  let p = path;
  const q = p.search(/[?#]/);
  if (q >= 0) p = p.slice(0, q);
  if (p.startsWith('/api/v2/')) p = p.slice(4);
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return byKey.get(`${method.toUpperCase()} ${p}`);
}

/** True when the key's permission list allows the endpoint (public and no-permission endpoints: always). */
export function keyAllows(endpoint: Endpoint, keyPermissions: readonly string[]): boolean {
  return endpoint.permission === undefined || keyPermissions.includes(endpoint.permission);
}

/** Permission each private WebSocket channel needs (api-facts). */
export const WS_CHANNEL_PERMISSIONS: Readonly<Record<PrivateChannel, Permission>> = {
  myOrder: 'readOrders',
  myTrade: 'readOrders',
  myAsset: 'readBalances',
};
