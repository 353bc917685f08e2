// The live-strict profile against the standard one: each strict reading and failure is on in
// live-strict and off in standard (docs/sandbox.md, "Profiles").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileName } from '../index.js';
import { type Client, makeUser, startSandbox } from '../testing/client.js';
import { hmacKey, signedQuery, WsClient } from '../ws/testkit.js';

type Env = Awaited<ReturnType<typeof startSandbox>> & { mm: Client };
const envs = {} as Record<ProfileName, Env>;

beforeAll(async () => {
  for (const profile of ['standard', 'live-strict'] as const) {
    const env = await startSandbox({ profile, seed: 4, rateLimitScale: 100 });
    // the random failures are switched on only where a test asks for them
    expect((await env.admin('/admin/profile', { tryAgainCancelShare: 0, readFailShare: 0 })).success).toBe(
      true,
    );
    const mm = (await makeUser(env, 'mm', { krw: '100000000', btc: '10' })).client;
    await env.admin('/admin/deposit', { currency: 'btc', amount: '0.5', instant: true });
    envs[profile] = Object.assign(env, { mm });
  }
});
afterAll(async () => {
  for (const env of Object.values(envs)) await env.sb.close();
});

const each = (name: string, fn: (env: Env, strict: boolean) => Promise<void>) => {
  it(`${name} (live-strict)`, () => fn(envs['live-strict'], true));
  it(`${name} (standard: not so)`, () => fn(envs.standard, false));
};

async function restingBuy(env: Env, price = '100000000'): Promise<number> {
  const d = await env.hmac.data('POST', '/v2/orders', {
    symbol: 'btc_krw',
    side: 'buy',
    orderType: 'limit',
    price,
    qty: '0.001',
  });
  return d.orderId as number;
}

describe('sandbox profiles', () => {
  each('coin deposit / withdrawal lists and lookups need currency', async (env, strict) => {
    for (const path of ['/v2/coin/recentDeposits', '/v2/coin/recentWithdrawals']) {
      const bare = await env.hmac.call('GET', path);
      if (strict) {
        expect(bare.status).toBe(400);
        expect(bare.body.error?.message).toBe('BAD_REQUEST');
        expect(bare.body.error?.description).toMatch(/currency is required/);
      } else expect(bare.body.success).toBe(true);
      expect((await env.hmac.call('GET', path, { currency: 'btc' })).body.success).toBe(true);
    }
    const dep = (await env.hmac.data('GET', '/v2/coin/recentDeposits', { currency: 'btc' }))[0];
    const one = await env.hmac.call('GET', '/v2/coin/deposit', { coinDepositId: dep.id });
    expect(one.body.success).toBe(!strict);
    if (strict) expect(one.body.error?.message).toBe('BAD_REQUEST');
    const withCur = await env.hmac.call('GET', '/v2/coin/deposit', {
      currency: 'btc',
      coinDepositId: dep.id,
    });
    expect(withCur.body.data.id).toBe(dep.id);
    // KRW lists never take currency
    expect((await env.hmac.call('GET', '/v2/krw/recentDeposits')).body.success).toBe(true);
  });

  each('GET /v2/balance leaves out the currencies held at zero', async (env, strict) => {
    // DOGE moved into account 3 (which holds none), then all of it moved back out
    const seq = 3;
    const rows = async () =>
      ((await env.hmac.data('GET', '/v2/balance', { accountSeq: seq })) as { currency: string }[]).map(
        (b) => b.currency,
      );
    expect(await rows()).not.toContain('doge');
    const move = (fromAccountSeq: number, toAccountSeq: number) =>
      env.hmac.data('POST', '/v2/accountTransfer', {
        accountSeq: fromAccountSeq,
        toAccountSeq,
        currency: 'doge',
        amount: '1000',
      });
    await move(1, seq);
    expect(await rows()).toContain('doge');
    await move(seq, 1);
    expect((await rows()).includes('doge')).toBe(!strict);
    expect(await rows()).toContain('krw');
    const filtered = await env.hmac.data('GET', '/v2/balance', { accountSeq: seq, currencies: 'doge' });
    expect(filtered.length).toBe(strict ? 0 : 1);
  });

  each('order rows carry no closedAt / triggeredAt', async (env, strict) => {
    const orderId = await restingBuy(env);
    await env.hmac.data('DELETE', '/v2/orders', { symbol: 'btc_krw', orderId });
    const row = await env.hmac.data('GET', '/v2/orders', { symbol: 'btc_krw', orderId });
    expect(row.status).toBe('canceled');
    expect('closedAt' in row).toBe(!strict);
    expect('triggeredAt' in row).toBe(false);
    const all = await env.hmac.data('GET', '/v2/allOrders', { symbol: 'btc_krw' });
    const listed = all.find((o: { orderId: number }) => o.orderId === orderId);
    expect('closedAt' in listed).toBe(!strict);
  });

  each('the myOrder stream carries no closedAt', async (env, strict) => {
    const k = hmacKey(env.sb as never);
    const ws = await WsClient.connect(`${env.sb.wsPrivateUrl}?${signedQuery(k.key)}`, {
      'X-KAPI-KEY': k.apiKey,
    });
    try {
      ws.send([{ requestId: 1, method: 'subscribe', type: 'myOrder', symbols: ['btc_krw'] }]);
      await ws.next((m) => m.requestId === 1);
      const orderId = await restingBuy(env);
      await env.hmac.data('DELETE', '/v2/orders', { symbol: 'btc_krw', orderId });
      const f = await ws.next(
        (m) => m.channelType === 'myOrder' && m.order?.orders?.[0]?.status === 'canceled',
      );
      const row = f.order.orders[0];
      expect(row.orderId).toBe(orderId);
      expect('closedAt' in row).toBe(!strict);
    } finally {
      await ws.close();
    }
  });

  each('the trade stream snapshot holds one row', async (env, strict) => {
    for (let i = 0; i < 3; i++) {
      await env.mm.data('POST', '/v2/orders', {
        symbol: 'btc_krw',
        side: 'sell',
        orderType: 'limit',
        price: '140000000',
        qty: '0.001',
      });
      await env.hmac.data('POST', '/v2/orders', {
        symbol: 'btc_krw',
        side: 'buy',
        orderType: 'limit',
        price: '140000000',
        qty: '0.001',
      });
    }
    expect((await env.hmac.pub('/v2/trades?symbol=btc_krw')).body.data.length).toBeGreaterThanOrEqual(3);
    const ws = await WsClient.connect(env.sb.wsPublicUrl);
    try {
      ws.send([{ requestId: 1, method: 'subscribe', type: 'trade', symbols: ['btc_krw'] }]);
      const snap = await ws.next((m) => m.type === 'trade' && m.snapshot === true);
      if (strict) expect(snap.data).toHaveLength(1);
      else expect(snap.data.length).toBeGreaterThanOrEqual(3);
    } finally {
      await ws.close();
    }
  });

  each('first cancels answer TRY_AGAIN at share 1; the next cancel goes through', async (env, strict) => {
    if (strict) await env.admin('/admin/profile', { tryAgainCancelShare: 1 });
    try {
      const orderId = await restingBuy(env);
      const first = await env.hmac.call('DELETE', '/v2/orders', { symbol: 'btc_krw', orderId });
      if (strict) {
        expect(first.status).toBe(409);
        expect(first.body).toEqual({
          success: false,
          error: { code: 409, message: 'TRY_AGAIN', description: expect.any(String) },
        });
        expect((await env.hmac.data('GET', '/v2/orders', { symbol: 'btc_krw', orderId })).status).toBe(
          'open',
        );
        const again = await env.hmac.call('DELETE', '/v2/orders', { symbol: 'btc_krw', orderId });
        expect(again.body.success).toBe(true);
        expect((await env.admin('/admin/profile')).data.counts.tryAgain).toBeGreaterThanOrEqual(1);
      } else expect(first.body.success).toBe(true);
      expect((await env.hmac.data('GET', '/v2/orders', { symbol: 'btc_krw', orderId })).status).toBe(
        'canceled',
      );
      // cancelling a closed order is never answered TRY_AGAIN
      const closed = await env.hmac.call('DELETE', '/v2/orders', { symbol: 'btc_krw', orderId });
      expect(closed.body.error?.message).not.toBe('TRY_AGAIN');
    } finally {
      await env.admin('/admin/profile', { tryAgainCancelShare: 0 });
    }
  });

  it('reads answer 503 SERVICE_UNAVAILABLE at readFailShare 1, never /v2/time nor a POST', async () => {
    const env = envs['live-strict'];
    const before = (await env.admin('/admin/profile')).data.counts.readFail as number;
    await env.admin('/admin/profile', { readFailShare: 1 });
    try {
      const pub = await env.hmac.pub('/v2/tickers?symbol=btc_krw');
      expect(pub.status).toBe(503);
      expect(pub.body.error?.message).toBe('SERVICE_UNAVAILABLE');
      const priv = await env.hmac.call('GET', '/v2/balance');
      expect(priv.status).toBe(503);
      expect((await env.hmac.pub('/v2/time')).status).toBe(200);
      expect(
        (
          await env.hmac.call('POST', '/v2/orders', {
            symbol: 'btc_krw',
            side: 'buy',
            orderType: 'limit',
            price: '100000000',
            qty: '0.001',
          })
        ).body.success,
      ).toBe(true);
      // faults-reset leaves the profile's share alone
      await env.admin('/admin/faults/reset', {});
      expect((await env.hmac.pub('/v2/tickers?symbol=btc_krw')).status).toBe(503);
      expect((await env.admin('/admin/profile')).data.counts.readFail).toBe(before + 3);
    } finally {
      await env.admin('/admin/profile', { readFailShare: 0 });
    }
    expect((await env.hmac.pub('/v2/tickers?symbol=btc_krw')).status).toBe(200);
  });

  it('the standard profile has no failures by default and the admin route says which profile runs', async () => {
    const fresh = await startSandbox({ seed: 4 });
    try {
      const s = await fresh.admin('/admin/profile');
      expect(s.data).toMatchObject({ profile: 'standard', tryAgainCancelShare: 0, readFailShare: 0 });
      const strict = await startSandbox({ seed: 4, profile: 'live-strict' });
      try {
        const t = await strict.admin('/admin/profile');
        expect(t.data).toMatchObject({
          profile: 'live-strict',
          tryAgainCancelShare: 0.3,
          readFailShare: 0.03,
        });
        expect(t.data.strictReadings).toContain('oneRowTradeSnapshot');
      } finally {
        await strict.sb.close();
      }
    } finally {
      await fresh.sb.close();
    }
  });

  it('bad profile settings answer 400 BAD_REQUEST and change nothing', async () => {
    const env = envs['live-strict'];
    for (const body of [{ readFailShare: 2 }, { tryAgainCancelShare: 'x' }, { profile: 'standard' }]) {
      const r = await env.admin('/admin/profile', body);
      expect(r.success).toBe(false);
      expect(r.error?.message).toBe('BAD_REQUEST');
    }
    expect((await env.admin('/admin/profile')).data).toMatchObject({
      tryAgainCancelShare: 0,
      readFailShare: 0,
    });
    await expect(startSandbox({ profile: 'lenient' as never })).rejects.toThrow(/profile must be one of/);
  });
});
