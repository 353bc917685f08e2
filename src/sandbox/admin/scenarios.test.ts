// biome-ignore-all lint/suspicious/noExplicitAny: admin answers are read loosely
// Every scenario control, once over the admin HTTP API and once as the CLI subcommand, each checked
// by its effect on the v2 REST API (not by reading the admin answer back).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { add } from '../../core/decimal.js';
import { COMMANDS, runAdminCommand } from '../cliCommands.js';
import { Client, type Json, startSandbox } from '../testing/client.js';
import { ADMIN_ROUTES } from './routes.js';

type Env = Awaited<ReturnType<typeof startSandbox>>;

function toArgs(input: Record<string, unknown>): string[] {
  return Object.entries(input).map(
    ([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : String(v)}`,
  );
}

const msg = (r: { body: Json }) => r.body.error?.message;

describe('CLI command table', () => {
  it('every admin route has a CLI subcommand and every subcommand an admin route', () => {
    const routes = ADMIN_ROUTES.map((r) => `${r.method} ${r.path}`).sort();
    const cmds = Object.values(COMMANDS)
      .map((c) => `${c.method} ${c.path}`)
      .sort();
    expect(cmds).toEqual(routes);
  });
});

for (const via of ['http', 'cli'] as const) {
  describe(`scenario controls via ${via}`, () => {
    let env: Env;
    const raw = async (cmd: string, input: Record<string, unknown> = {}): Promise<Json> => {
      const c = COMMANDS[cmd]!;
      return via === 'http'
        ? await env.admin(c.path, c.method === 'GET' ? undefined : input)
        : ((await runAdminCommand(
            { host: '127.0.0.1', port: Number(new URL(env.sb.restUrl).port), dataDir: env.dir },
            cmd,
            toArgs(input),
          )) as Json);
    };
    const run = async (cmd: string, input: Record<string, unknown> = {}): Promise<any> => {
      const r = await raw(cmd, input);
      expect(r, `${cmd} ${JSON.stringify(input)}`).toMatchObject({ success: true });
      return r.data;
    };
    const bal = async (c: Client, currency: string, accountSeq = 1) =>
      ((await c.data('GET', '/v2/balance', { accountSeq })) as any[]).find((b) => b.currency === currency);
    const buy = (c: Client, p: Record<string, string | number>) =>
      c.call('POST', '/v2/orders', { side: 'buy', orderType: 'limit', timeInForce: 'gtc', ...p });

    beforeAll(async () => {
      env = await startSandbox({ rateLimitScale: 100 });
    });
    afterAll(async () => {
      await env.sb.close();
    });

    it('users, accounts and keys: permissions, allowedAccountSeqs, whitelist, expiry, deactivation', async () => {
      const u = await run('create-user', { name: `alice-${via}`, subAccounts: ['Bot'] });
      expect(u.accounts.map((a: any) => a.name)).toEqual(['Main', 'Bot']);
      const acc = await run('create-account', { userId: u.userId, name: 'Extra' });
      expect(acc.accountSeq).toBe(3);
      await run('balance', { userId: u.userId, currency: 'krw', amount: '1000000' });

      const exp = Date.now() + 3_600_000;
      const k = await run('create-key', {
        userId: u.userId,
        type: 'hmac-sha256',
        permissions: ['readBalances'],
        allowedAccountSeqs: [1, 3],
        whitelist: ['127.0.0.1', '::1'],
        expiration: exp,
        label: 'ro',
      });
      const c = new Client(env.sb.restUrl, { apiKey: k.apiKey, type: 'hmac', secret: k.secret });
      expect((await bal(c, 'krw')).balance).toBe('1000000');
      const info = await c.data('GET', '/v2/currentKeyInfo');
      expect(info).toMatchObject({
        permissions: ['readBalances'],
        allowedAccountSeqs: [1, 3],
        expiration: exp,
      });
      expect(info.whitelist).toContain('127.0.0.1');
      expect(msg(await buy(c, { symbol: 'btc_krw', price: '100000000', qty: '0.0001' }))).toBe(
        'PERMISSION_DENIED',
      );
      expect(msg(await c.call('GET', '/v2/balance', { accountSeq: 2 }))).toBe('ACCOUNT_SEQ_NOT_ALLOWED');
      expect((await c.call('GET', '/v2/balance', { accountSeq: 3 })).body.success).toBe(true);

      const far = await run('create-key', { userId: u.userId, type: 'ed25519', whitelist: ['203.0.113.9'] });
      expect(far.privateKeyPem).toContain('PRIVATE KEY');
      const fc = new Client(env.sb.restUrl, {
        apiKey: far.apiKey,
        type: 'ed25519',
        privateKeyPem: far.privateKeyPem,
      });
      expect(msg(await fc.call('GET', '/v2/balance'))).toBe('IP_NOT_ALLOWED');

      await run('update-key', { apiKey: k.apiKey, status: 'deactivated' });
      expect(msg(await c.call('GET', '/v2/balance'))).toBe('KEY_DEACTIVATED');
      await run('update-key', { apiKey: k.apiKey, status: 'activated' });
      expect((await c.call('GET', '/v2/balance')).body.success).toBe(true);
      await run('update-key', { apiKey: k.apiKey, expiration: Date.now() - 1 });
      expect(msg(await c.call('GET', '/v2/balance'))).toBe('KEY_EXPIRED');
      await run('update-key', {
        apiKey: k.apiKey,
        permissions: ['readBalances', 'writeOrders'],
        expiration: exp,
      });
      expect(msg(await buy(c, { symbol: 'btc_krw', price: '100000000', qty: '0.0001' }))).toBeUndefined();
    });

    it('set a balance; credit coin and KRW deposits; register a withdrawal address', async () => {
      await run('balance', { accountSeq: 2, currency: 'krw', amount: '1234567' });
      expect((await bal(env.hmac, 'krw', 2)).balance).toBe('1234567');
      const before = (await bal(env.hmac, 'btc')).balance;
      await run('deposit', { currency: 'btc', amount: '0.5', instant: true });
      expect((await bal(env.hmac, 'btc')).balance).toBe(add(before, '0.5'));
      const krwBefore = (await bal(env.hmac, 'krw')).balance;
      await run('deposit', { currency: 'krw', amount: '50000', instant: true });
      expect((await bal(env.hmac, 'krw')).balance).toBe(add(krwBefore, '50000'));
      await run('deposit', { currency: 'krw', amount: '7000' });
      expect((await env.hmac.data('GET', '/v2/krw/recentDeposits'))[0]).toMatchObject({
        quantity: '7000',
        status: 'pending',
      });
      await run('withdrawal-address', { currency: 'eth', address: `0xfeed${via}` });
      const addrs = await env.hmac.data('GET', '/v2/coin/withdrawableAddresses', { currency: 'eth' });
      expect(addrs.map((a: any) => a.address)).toContain(`0xfeed${via}`);
      await run('network', { currency: 'eth', withdrawalStatus: 'stopped' });
      const wd = await env.hmac.call('POST', '/v2/coin/withdrawal', {
        currency: 'eth',
        amount: '0.1',
        address: `0xfeed${via}`,
      });
      expect(msg(wd)).toBe('WITHDRAWAL_SUSPENDED');
      await run('network', { currency: 'eth', withdrawalStatus: 'launched' });
    });

    it('move a price; stop and launch a pair', async () => {
      await run('price', { symbol: 'doge_krw', price: '512' });
      const [t] = (await env.hmac.pub('/v2/tickers?symbol=doge_krw')).body.data;
      expect(t.close).toBe('512');
      await run('pair', { symbol: 'doge_krw', status: 'stopped' });
      expect(msg(await buy(env.hmac, { symbol: 'doge_krw', price: '500', qty: '20' }))).toBe(
        'CURRENCY_PAIR_STOPPED',
      );
      const alerts = (await env.hmac.pub('/v2/marketAlerts')).body.data;
      expect(JSON.stringify(alerts)).toContain('doge_krw');
      const pairs = (await env.hmac.pub('/v2/currencyPairs')).body.data;
      expect(pairs.find((p: any) => p.symbol === 'doge_krw').status).not.toBe('launched');
      await run('pair', { symbol: 'doge_krw', status: 'launched' });
      expect((await buy(env.hmac, { symbol: 'doge_krw', price: '500', qty: '20' })).body.success).toBe(true);
    });

    it('min/max order value, tick policy, fee rates', async () => {
      await run('bounds', { symbol: 'eth_krw', minOrderValue: '100000', maxOrderValue: '200000' });
      const pair = (await env.hmac.pub('/v2/currencyPairs')).body.data.find(
        (p: any) => p.symbol === 'eth_krw',
      );
      expect(pair).toMatchObject({ minOrderValue: '100000', maxOrderValue: '200000' });
      expect(msg(await buy(env.hmac, { symbol: 'eth_krw', price: '5000000', qty: '0.01' }))).toBe(
        'ORDER_VALUE_TOO_SMALL',
      );
      expect(msg(await buy(env.hmac, { symbol: 'eth_krw', price: '5000000', qty: '0.05' }))).toBe(
        'ORDER_VALUE_TOO_LARGE',
      );
      expect(msg(await buy(env.hmac, { symbol: 'eth_krw', price: '5000000', qty: '0.03' }))).toBeUndefined();
      await run('bounds', { symbol: 'eth_krw', minOrderValue: '5000', maxOrderValue: '1000000000' });

      const policy = [
        { priceGte: '0', tickSize: '5' },
        { priceGte: '1000', tickSize: '10' },
      ];
      await run('tick-policy', { symbol: 'doge_krw', tickSizePolicy: policy });
      const tp = (await env.hmac.pub('/v2/tickSizePolicy?symbol=doge_krw')).body.data;
      expect((Array.isArray(tp) ? tp[0] : tp).tickSizePolicy).toEqual(policy);
      expect(msg(await buy(env.hmac, { symbol: 'doge_krw', price: '501', qty: '20' }))).toMatch(/TICK|PRICE/);
      expect((await buy(env.hmac, { symbol: 'doge_krw', price: '505', qty: '20' })).body.success).toBe(true);

      await run('fees', { symbol: 'btc_krw', makerFeeRate: '0', takerFeeRate: '0.001' });
      const [f] = await env.hmac.data('GET', '/v2/tradingFeePolicy', { symbol: 'btc_krw' });
      expect(f).toMatchObject({ makerFeeRate: '0', takerFeeRate: '0.001', maxFeeRate: '0.001' });
    });

    it('open-order limit, cancel-all, user status, state and invariants', async () => {
      await run('cancel-all', {});
      await run('open-order-limit', { limit: 2 });
      const p = { symbol: 'xrp_krw', price: '2000', qty: '5' };
      expect((await buy(env.hmac, p)).body.success).toBe(true);
      expect((await buy(env.hmac, p)).body.success).toBe(true);
      expect(msg(await buy(env.hmac, p))).toBe('TOO_MANY_OPEN_ORDERS');
      await run('open-order-limit', { limit: 100 });
      const c = await run('cancel-all', { symbol: 'xrp_krw' });
      expect(c.canceled).toBe(2);
      expect(await env.hmac.data('GET', '/v2/openOrders', { symbol: 'xrp_krw' })).toEqual([]);
      await run('user-status', { status: 'suspended' });
      expect(msg(await buy(env.hmac, p))).toBe('INVALID_USER_STATUS');
      await run('user-status', { status: 'active' });
      expect((await buy(env.hmac, p)).body.success).toBe(true);
      const st = await run('state');
      expect(st.openOrderLimit).toBe(100);
      expect(st.invariantProblems).toEqual([]);
      expect((await run('invariants')).problems).toEqual([]);
    });

    it('faults and the simulation (running sandbox only)', async () => {
      await run('fault', { classes: { public: { error: { count: 1, status: 503 } } } });
      const injected = await env.hmac.pub('/v2/currencyPairs');
      expect(injected.status).toBe(503);
      expect(injected.body.error?.message).toBe('SERVICE_UNAVAILABLE');
      expect((await env.hmac.pub('/v2/currencyPairs')).status).toBe(200);
      const f = await run('faults');
      expect(f.total).toBeGreaterThanOrEqual(1);
      await run('faults-reset', { resetCounters: true });
      expect((await run('faults')).total).toBe(0);
      expect((await run('fault-ws', { action: 'drop', target: 'public' })).affected).toEqual(
        expect.any(Number),
      );
      expect(Array.isArray((await run('sim-status')).pairs)).toBe(true);
      expect(await run('sim', { symbol: 'btc_krw', enabled: false })).toMatchObject({
        symbol: 'btc_krw',
        enabled: false,
      });
      expect((await raw('sim', { symbol: 'nope_krw', enabled: true })).success).toBe(false);
    });
  });
}
