// Every endpoint of the core ENDPOINTS table, reads and writes, through the real proxy to the real
// sandbox, signed once with the HMAC profile and once with the ED25519 profile. The last test
// proves the coverage against the table, so an endpoint added there without a call here fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../core/permissions.js';
import type { ApiResult } from '../testing/harness.js';
import { type Stack, startSandboxStack } from './sandboxHarness.js';

let s: Stack;
beforeAll(async () => {
  s = await startSandboxStack();
});
afterAll(async () => {
  await s?.close();
});

const PROFILES = ['sandbox-hmac', 'sandbox-ed25519'] as const;
const covered = new Map<string, Set<string>>(); // profile ('public' for unsigned) -> "METHOD /path"

async function call(
  profile: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  params: Record<string, string | number> = {},
): Promise<ApiResult> {
  const q = new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  const headers: Record<string, string> = profile === 'public' ? {} : { 'x-profile': profile };
  const r =
    method === 'POST'
      ? await s.t.api(method, `/api${path}`, { body: params, headers })
      : await s.t.api(method, `/api${path}${q ? `?${q}` : ''}`, { headers });
  expect({ profile, method, path, status: r.status, body: r.json }).toMatchObject({
    status: 200,
    body: { success: true },
  });
  const set = covered.get(profile) ?? new Set<string>();
  covered.set(profile, set);
  set.add(`${method} ${path}`);
  return r;
}

describe('every endpoint through proxy and sandbox, with both key types', () => {
  it('public endpoints go unsigned', async () => {
    const sym = { symbol: 'btc_krw' };
    await call('public', 'GET', '/v2/tickers', sym);
    await call('public', 'GET', '/v2/orderbook', sym);
    await call('public', 'GET', '/v2/trades', { ...sym, limit: 5 });
    await call('public', 'GET', '/v2/candles', { ...sym, interval: '1', limit: 5 });
    await call('public', 'GET', '/v2/currencyPairs');
    await call('public', 'GET', '/v2/tickSizePolicy', sym);
    await call('public', 'GET', '/v2/time');
    await call('public', 'GET', '/v2/currencies');
    await call('public', 'GET', '/v2/notices');
    await call('public', 'GET', '/v2/marketAlerts');
  });

  for (const p of PROFILES) {
    it(`${p}: orders, trades, prevented matches`, async () => {
      const sym = 'btc_krw';
      const coid = `fam-${p.slice(8)}-${Date.now()}`;
      const placed = await call(p, 'POST', '/v2/orders', {
        symbol: sym,
        side: 'buy',
        orderType: 'limit',
        price: '100000000',
        qty: '0.0001',
        timeInForce: 'gtc',
        clientOrderId: coid,
      });
      const orderId = placed.json.data.orderId as number;
      expect(placed.json.data.clientOrderId).toBe(coid);
      const got = await call(p, 'GET', '/v2/orders', { symbol: sym, orderId });
      expect(got.json.data).toMatchObject({ orderId, clientOrderId: coid, status: 'open' });
      const open = await call(p, 'GET', '/v2/openOrders', { symbol: sym });
      expect(open.json.data.map((o: { orderId: number }) => o.orderId)).toContain(orderId);
      await call(p, 'DELETE', '/v2/orders', { symbol: sym, clientOrderId: coid });
      const all = await call(p, 'GET', '/v2/allOrders', { symbol: sym });
      expect(all.json.data.find((o: { orderId: number }) => o.orderId === orderId).status).toBe('canceled');
      await call(p, 'GET', '/v2/myTrades', { symbol: sym });
      await call(p, 'GET', '/v2/myPreventedMatches', { symbol: sym, accountSeq: 1 });
    });

    it(`${p}: balances, accounts, key info, fees`, async () => {
      const b = await call(p, 'GET', '/v2/balance', { accountSeq: 2 });
      expect(b.json.data.length).toBeGreaterThan(0);
      await call(p, 'GET', '/v2/accounts');
      const k = await call(p, 'GET', '/v2/currentKeyInfo');
      // the signature really was made with that profile's key type
      const creds = s.sbx.credentials;
      expect(k.json.data.apiKey).toBe(p === 'sandbox-hmac' ? creds.hmac.apiKey : creds.ed25519.apiKey);
      expect(Boolean(k.json.data.publicKey)).toBe(p === 'sandbox-ed25519');
      await call(p, 'GET', '/v2/tradingFeePolicy');
    });

    it(`${p}: coin deposits and withdrawals`, async () => {
      // generating is idempotent (live): the second POST returns the same address
      const created = await call(p, 'POST', '/v2/coin/depositAddress', { currency: 'sol' });
      const again = await call(p, 'POST', '/v2/coin/depositAddress', { currency: 'sol' });
      expect(again.json.data).toEqual(created.json.data);
      await call(p, 'GET', '/v2/coin/depositAddress', { currency: 'sol' });
      await call(p, 'GET', '/v2/coin/depositAddresses');
      expect((await s.admin('/deposit', { currency: 'btc', amount: '0.05', instant: true })).success).toBe(
        true,
      );
      const deps = await call(p, 'GET', '/v2/coin/recentDeposits', { currency: 'btc' });
      await call(p, 'GET', '/v2/coin/deposit', { currency: 'btc', coinDepositId: deps.json.data[0].id });

      const addrs = await call(p, 'GET', '/v2/coin/withdrawableAddresses', { currency: 'btc' });
      const amount = await call(p, 'GET', '/v2/coin/withdrawableAmount', { currency: 'btc' });
      expect(amount.json.data).toEqual([expect.objectContaining({ currency: 'btc' })]);
      const a = addrs.json.data[0];
      const wd = await call(p, 'POST', '/v2/coin/withdrawal', {
        currency: 'btc',
        amount: '0.01',
        address: a.address,
        network: a.network,
      });
      const id = wd.json.data.coinWithdrawalId;
      expect(typeof id).toBe('number');
      await call(p, 'GET', '/v2/coin/withdrawal', { currency: 'btc', coinWithdrawalId: id });
      await call(p, 'GET', '/v2/coin/recentWithdrawals', { currency: 'btc' });
      // live: cancelable only while actionRequired / reviewing (one funding step after the request)
      for (let i = 0; i < 40; i++) {
        const st = await call(p, 'GET', '/v2/coin/withdrawal', { currency: 'btc', coinWithdrawalId: id });
        if (st.json.data.status === 'reviewing') break;
        await new Promise((r) => setTimeout(r, 200));
      }
      await call(p, 'DELETE', '/v2/coin/withdrawal', { coinWithdrawalId: id });
      const after = await call(p, 'GET', '/v2/coin/withdrawal', { currency: 'btc', coinWithdrawalId: id });
      expect(after.json.data.status).toBe('canceled');
    });

    it(`${p}: KRW pushes and account transfers`, async () => {
      const dep = await call(p, 'POST', '/v2/krw/sendKrwDepositPush', { amount: '10000' });
      expect(dep.json).toEqual({ success: true }); // a bare acknowledgement (live)
      const wd = await call(p, 'POST', '/v2/krw/sendKrwWithdrawalPush', { amount: '10000' });
      expect(wd.json).toEqual({ success: true });
      await call(p, 'GET', '/v2/krw/recentDeposits');
      await call(p, 'GET', '/v2/krw/recentWithdrawals');
      const tr = await call(p, 'POST', '/v2/accountTransfer', {
        accountSeq: 1,
        toAccountSeq: 2,
        currency: 'krw',
        amount: '1000',
      });
      const rec = tr.json.data;
      expect(rec).toEqual({
        transferId: expect.any(Number),
        fromAccountSeq: 1,
        toAccountSeq: 2,
        currency: 'krw',
        amount: '1000',
        status: 'done',
        createdAt: expect.any(Number),
        completedAt: rec.createdAt,
      });
      const got = await call(p, 'GET', '/v2/accountTransfer', { accountSeq: 2, transferId: rec.transferId });
      expect(got.json.data).toEqual(rec);
      await call(p, 'GET', '/v2/recentAccountTransfers', { accountSeq: 1 });
    });
  }

  it('covered every endpoint of the table: public unsigned, private with both key types', () => {
    const pub = ENDPOINTS.filter((e) => e.auth === 'public').map((e) => `${e.method} ${e.path}`);
    const priv = ENDPOINTS.filter((e) => e.auth === 'private').map((e) => `${e.method} ${e.path}`);
    expect([...(covered.get('public') ?? [])].sort()).toEqual(pub.sort());
    for (const p of PROFILES) expect([...(covered.get(p) ?? [])].sort(), p).toEqual([...priv].sort());
  });
});
