import { describe, expect, it } from 'vitest';
import {
  ENDPOINTS,
  findEndpoint,
  isPermission,
  keyAllows,
  LIMIT_CLASS_RATES,
  PERMISSIONS,
  WS_CHANNEL_PERMISSIONS,
} from './permissions.js';

/** Every endpoint named in spec section 4 (4.1 to 4.4), as `METHOD path`. */
const SPEC_ENDPOINTS = [
  'GET /v2/tickers',
  'GET /v2/orderbook',
  'GET /v2/trades',
  'GET /v2/candles',
  'GET /v2/currencyPairs',
  'GET /v2/tickSizePolicy',
  'GET /v2/orders',
  'GET /v2/openOrders',
  'GET /v2/allOrders',
  'POST /v2/orders',
  'DELETE /v2/orders',
  'GET /v2/myTrades',
  'GET /v2/myPreventedMatches',
  'GET /v2/balance',
  'GET /v2/coin/depositAddresses',
  'GET /v2/coin/depositAddress',
  'POST /v2/coin/depositAddress',
  'GET /v2/coin/recentDeposits',
  'GET /v2/coin/deposit',
  'GET /v2/coin/withdrawableAddresses',
  'GET /v2/coin/withdrawableAmount',
  'POST /v2/coin/withdrawal',
  'DELETE /v2/coin/withdrawal',
  'GET /v2/coin/recentWithdrawals',
  'GET /v2/coin/withdrawal',
  'POST /v2/krw/sendKrwDepositPush',
  'POST /v2/krw/sendKrwWithdrawalPush',
  'GET /v2/krw/recentDeposits',
  'GET /v2/krw/recentWithdrawals',
  'POST /v2/accountTransfer',
  'GET /v2/accountTransfer',
  'GET /v2/recentAccountTransfers',
  'GET /v2/currencies',
  'GET /v2/time',
  'GET /v2/tradingFeePolicy',
  'GET /v2/currentKeyInfo',
  'GET /v2/accounts',
  'GET /v2/notices',
  'GET /v2/marketAlerts',
];

const key = (e: { method: string; path: string }) => `${e.method} ${e.path}`;
const ep = (s: string) => {
  const [method = '', path = ''] = s.split(' ');
  const found = findEndpoint(method, path);
  if (!found) throw new Error(`missing ${s}`);
  return found;
};

describe('PERMISSIONS', () => {
  it('lists the nine permissions (their Korean and English labels: web dictionaries, i18n.test.ts)', () => {
    expect(PERMISSIONS).toHaveLength(9);
    expect(new Set(PERMISSIONS).size).toBe(9);
  });

  it('isPermission', () => {
    expect(isPermission('readOrders')).toBe(true);
    expect(isPermission('readorders')).toBe(false);
    expect(isPermission(1)).toBe(false);
  });
});

describe('ENDPOINTS', () => {
  it('contains every spec endpoint exactly once and nothing else', () => {
    const keys = ENDPOINTS.map(key);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual([...SPEC_ENDPOINTS].sort());
  });

  it('every path is a /v2/ path and every entry is consistent', () => {
    for (const e of ENDPOINTS) {
      expect(e.path.startsWith('/v2/')).toBe(true);
      if (e.auth === 'public') {
        expect(e.limitClass).toBe('public');
        expect(e.accountScope).toBe('none');
        expect(e.permission).toBeUndefined();
        expect(e.method).toBe('GET');
      } else {
        expect(e.limitClass).not.toBe('public');
      }
      if (e.permission !== undefined) expect(isPermission(e.permission)).toBe(true);
      expect(LIMIT_CLASS_RATES[e.limitClass]).toBeGreaterThan(0);
    }
  });

  it('public endpoints: quotation plus time, currencies, notices, market alerts', () => {
    const publics = ENDPOINTS.filter((e) => e.auth === 'public').map((e) => e.path);
    expect(publics.sort()).toEqual(
      [
        '/v2/tickers',
        '/v2/orderbook',
        '/v2/trades',
        '/v2/candles',
        '/v2/currencyPairs',
        '/v2/tickSizePolicy',
        '/v2/time',
        '/v2/currencies',
        '/v2/notices',
        '/v2/marketAlerts',
      ].sort(),
    );
  });

  it('limit classes', () => {
    expect(ep('POST /v2/orders').limitClass).toBe('order');
    expect(ep('DELETE /v2/orders').limitClass).toBe('cancel');
    for (const s of [
      'POST /v2/coin/withdrawal',
      'DELETE /v2/coin/withdrawal',
      'POST /v2/coin/depositAddress',
      'POST /v2/krw/sendKrwDepositPush',
      'POST /v2/krw/sendKrwWithdrawalPush',
      'POST /v2/accountTransfer',
    ]) {
      expect(ep(s).limitClass, s).toBe('funding');
    }
    expect(ep('GET /v2/orders').limitClass).toBe('private');
    expect(ep('GET /v2/balance').limitClass).toBe('private');
    expect(ep('GET /v2/accountTransfer').limitClass).toBe('private');
    expect(LIMIT_CLASS_RATES).toEqual({ public: 50, order: 30, cancel: 30, funding: 5, private: 50 });
  });

  it('account scope', () => {
    for (const e of ENDPOINTS) {
      if (e.path.startsWith('/v2/coin/') || e.path.startsWith('/v2/krw/'))
        expect(e.accountScope, key(e)).toBe('main-only');
    }
    for (const s of [
      'GET /v2/myPreventedMatches',
      'POST /v2/accountTransfer',
      'GET /v2/accountTransfer',
      'GET /v2/recentAccountTransfers',
    ]) {
      expect(ep(s).accountScope, s).toBe('required');
    }
    for (const s of [
      'GET /v2/orders',
      'POST /v2/orders',
      'DELETE /v2/orders',
      'GET /v2/openOrders',
      'GET /v2/allOrders',
      'GET /v2/myTrades',
      'GET /v2/balance',
      'GET /v2/tradingFeePolicy',
    ]) {
      expect(ep(s).accountScope, s).toBe('account');
    }
    for (const s of ['GET /v2/currentKeyInfo', 'GET /v2/accounts']) {
      expect(ep(s).accountScope, s).toBe('none');
    }
  });

  it('permissions', () => {
    const expected: Record<string, string | undefined> = {
      'GET /v2/balance': 'readBalances',
      'GET /v2/orders': 'readOrders',
      'GET /v2/openOrders': 'readOrders',
      'GET /v2/allOrders': 'readOrders',
      'GET /v2/myTrades': 'readOrders',
      'GET /v2/myPreventedMatches': 'readOrders',
      'POST /v2/orders': 'writeOrders',
      'DELETE /v2/orders': 'writeOrders',
      'GET /v2/coin/depositAddresses': 'readDeposits',
      'GET /v2/coin/depositAddress': 'readDeposits',
      'GET /v2/coin/recentDeposits': 'readDeposits',
      'GET /v2/coin/deposit': 'readDeposits',
      'GET /v2/krw/recentDeposits': 'readDeposits',
      'POST /v2/coin/depositAddress': 'writeDeposits',
      'POST /v2/krw/sendKrwDepositPush': 'writeDeposits',
      'GET /v2/coin/withdrawableAddresses': 'readWithdrawals',
      'GET /v2/coin/withdrawableAmount': 'readWithdrawals',
      'GET /v2/coin/recentWithdrawals': 'readWithdrawals',
      'GET /v2/coin/withdrawal': 'readWithdrawals',
      'GET /v2/krw/recentWithdrawals': 'readWithdrawals',
      'POST /v2/coin/withdrawal': 'writeWithdrawals',
      'DELETE /v2/coin/withdrawal': 'writeWithdrawals',
      'POST /v2/krw/sendKrwWithdrawalPush': 'writeWithdrawals',
      'GET /v2/accountTransfer': 'readTransfers',
      'GET /v2/recentAccountTransfers': 'readTransfers',
      'POST /v2/accountTransfer': 'writeTransfers',
      'GET /v2/currentKeyInfo': undefined,
      'GET /v2/accounts': undefined,
      'GET /v2/tradingFeePolicy': 'readOrders',
      'GET /v2/currencies': undefined,
      'GET /v2/notices': undefined,
      'GET /v2/marketAlerts': undefined,
    };
    for (const [s, perm] of Object.entries(expected)) expect(ep(s).permission, s).toBe(perm);
    expect(ep('GET /v2/currentKeyInfo').auth).toBe('private');
    expect(ep('GET /v2/accounts').auth).toBe('private');
    expect(ep('GET /v2/tradingFeePolicy').auth).toBe('private');
    expect(ep('GET /v2/time').auth).toBe('public');
  });
});

describe('findEndpoint', () => {
  it('matches method case-insensitively and ignores query, trailing slash and the /api prefix', () => {
    expect(findEndpoint('get', '/v2/balance')?.permission).toBe('readBalances');
    expect(findEndpoint('GET', '/v2/balance?currencies=btc&timestamp=1')?.path).toBe('/v2/balance');
    expect(findEndpoint('GET', '/v2/balance/')?.path).toBe('/v2/balance');
    expect(findEndpoint('DELETE', '/api/v2/orders?symbol=btc_krw')?.limitClass).toBe('cancel');
  });

  it('returns undefined for unknown endpoints and methods', () => {
    expect(findEndpoint('GET', '/v2/nope')).toBeUndefined();
    expect(findEndpoint('PUT', '/v2/orders')).toBeUndefined();
    expect(findEndpoint('POST', '/v2/balance')).toBeUndefined();
    expect(findEndpoint('GET', '/v2/Balance')).toBeUndefined();
    expect(findEndpoint('GET', '/v1/balance')).toBeUndefined();
  });
});

describe('keyAllows and WebSocket channels', () => {
  it('checks the endpoint permission against a key permission list', () => {
    expect(keyAllows(ep('POST /v2/orders'), ['readOrders'])).toBe(false);
    expect(keyAllows(ep('POST /v2/orders'), ['readOrders', 'writeOrders'])).toBe(true);
    expect(keyAllows(ep('GET /v2/currentKeyInfo'), [])).toBe(true);
    expect(keyAllows(ep('GET /v2/tickers'), [])).toBe(true);
  });

  it('private channels need readOrders or readBalances', () => {
    expect(WS_CHANNEL_PERMISSIONS).toEqual({
      myOrder: 'readOrders',
      myTrade: 'readOrders',
      myAsset: 'readBalances',
    });
  });
});
