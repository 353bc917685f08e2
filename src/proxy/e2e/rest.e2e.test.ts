import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startSandboxStack } from './sandboxHarness.js';

let s: Stack;
beforeAll(async () => {
  s = await startSandboxStack();
});
afterAll(async () => {
  await s?.close();
});

const ok = (r: { status: number; json: { success?: boolean } }, what: string) => {
  expect({ what, status: r.status, body: r.json }).toMatchObject({
    what,
    status: 200,
    body: { success: true },
  });
};

describe('every endpoint family through proxy and sandbox', () => {
  it('public quotation and reference data (unsigned)', async () => {
    for (const p of [
      '/v2/tickers?symbol=btc_krw',
      '/v2/orderbook?symbol=btc_krw',
      '/v2/trades?symbol=btc_krw&limit=10',
      '/v2/candles?symbol=btc_krw&interval=60&limit=5',
      '/v2/currencyPairs',
      '/v2/tickSizePolicy?symbol=btc_krw',
      '/v2/time',
      '/v2/currencies',
      '/v2/notices',
      '/v2/marketAlerts',
    ]) {
      ok(await s.t.api('GET', `/api${p}`), p);
    }
    const r = await s.t.api('GET', '/api/v2/tickers?symbol=btc_krw');
    expect(r.headers.get('x-ratelimit-limit')).toBe('50');
  });

  for (const profile of ['sandbox-hmac', 'sandbox-ed25519']) {
    it(`private reads signed with ${profile}`, async () => {
      const h = { headers: { 'x-profile': profile } };
      for (const p of [
        '/v2/balance',
        '/v2/openOrders?symbol=btc_krw',
        '/v2/allOrders?symbol=btc_krw',
        '/v2/myTrades?symbol=btc_krw',
        '/v2/myPreventedMatches?symbol=btc_krw&accountSeq=1',
        '/v2/coin/depositAddresses',
        '/v2/coin/recentDeposits?currency=btc',
        '/v2/coin/withdrawableAddresses?currency=btc',
        '/v2/coin/withdrawableAmount?currency=btc',
        '/v2/coin/recentWithdrawals?currency=btc',
        '/v2/krw/recentDeposits',
        '/v2/krw/recentWithdrawals',
        '/v2/recentAccountTransfers?accountSeq=1',
        '/v2/tradingFeePolicy',
        '/v2/currentKeyInfo',
        '/v2/accounts',
      ]) {
        ok(await s.t.api('GET', `/api${p}`, h), `${profile} ${p}`);
      }
    });
  }

  it('orders: place (journaled, clientOrderId added), look up, list, cancel', async () => {
    const place = await s.t.api('POST', '/api/v2/orders', {
      body: {
        symbol: 'btc_krw',
        side: 'buy',
        orderType: 'limit',
        price: '100000000',
        qty: '0.0001',
        timeInForce: 'gtc',
      },
    });
    ok(place, 'place');
    const { orderId, clientOrderId } = place.json.data;
    expect(typeof orderId).toBe('number');
    expect(clientOrderId).toMatch(/^[0-9a-zA-Z.:_-]{1,36}$/);
    let got: Awaited<ReturnType<typeof s.t.api>> | undefined;
    for (let i = 0; i < 40; i++) {
      got = await s.t.api('GET', `/api/v2/orders?symbol=btc_krw&clientOrderId=${clientOrderId}`);
      if (got.status === 200) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    ok(got!, 'lookup');
    expect(got!.json.data.orderId).toBe(orderId);
    const open = await s.t.api('GET', '/api/v2/openOrders?symbol=btc_krw');
    ok(open, 'openOrders');
    const del = await s.t.api('DELETE', `/api/v2/orders?symbol=btc_krw&orderId=${orderId}`);
    ok(del, 'cancel');
    const j = await s.t.api('GET', '/api/journal?limit=5');
    expect(
      j.json.entries.find((e: { clientOrderId: string }) => e.clientOrderId === clientOrderId),
    ).toMatchObject({
      state: 'placed',
      orderId,
      symbol: 'btc_krw',
      profileId: 'sandbox-hmac',
    });
  });

  it('exchange rejections come back unchanged', async () => {
    const r = await s.t.api('POST', '/api/v2/orders', {
      body: { symbol: 'btc_krw', side: 'buy', orderType: 'limit', price: '100000000', qty: '0.00000001' },
    });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.json.success).toBe(false);
    expect(typeof r.json.error.message).toBe('string');
    const bad = await s.t.api('GET', '/api/v2/orderbook?symbol=nope_krw');
    expect(bad.json).toMatchObject({ success: false, error: { message: 'INVALID_CURRENCY_PAIR' } });
  });

  it('funding writes: KRW push, account transfer, coin withdrawal and its cancel', async () => {
    ok(await s.t.api('POST', '/api/v2/krw/sendKrwDepositPush', { body: { amount: '10000' } }), 'krw push');
    const tr = await s.t.api('POST', '/api/v2/accountTransfer', {
      body: { accountSeq: 1, toAccountSeq: 2, currency: 'krw', amount: '1000' },
    });
    ok(tr, 'transfer');
    ok(
      await s.t.api('GET', `/api/v2/accountTransfer?accountSeq=1&transferId=${tr.json.data.transferId}`),
      'transfer lookup',
    );
    const addrs = await s.t.api('GET', '/api/v2/coin/withdrawableAddresses?currency=btc');
    const a = addrs.json.data[0];
    const wd = await s.t.api('POST', '/api/v2/coin/withdrawal', {
      body: { currency: 'btc', amount: '0.01', address: a.address, network: a.network },
    });
    ok(wd, 'withdrawal');
    const id = wd.json.data.coinWithdrawalId;
    ok(
      await s.t.api('GET', `/api/v2/coin/withdrawal?currency=btc&coinWithdrawalId=${id}`),
      'withdrawal lookup',
    );
    const cancel = await s.t.api('DELETE', `/api/v2/coin/withdrawal?coinWithdrawalId=${id}`);
    expect(cancel.json.success === true || cancel.json.error?.message === 'CANNOT_CANCEL_WITHDRAWAL').toBe(
      true,
    );
  });

  it('session reports the upstream as not live and the imported profiles without secrets', async () => {
    const r = await s.t.api('GET', '/api/session');
    expect(r.json.upstream).toMatchObject({ name: 'custom', live: false });
    expect(r.json.profiles.map((p: { id: string }) => p.id).sort()).toEqual([
      'sandbox-ed25519',
      'sandbox-hmac',
    ]);
    expect(r.text).not.toContain(s.sbx.credentials.hmac.secret);
    expect(r.text).not.toContain(s.sbx.credentials.hmac.apiKey);
  });
});

describe('clock, rate limits and faults with the real sandbox', () => {
  it('follows a skewed sandbox clock (resync on EXCEED_TIME_WINDOW, one retry)', async () => {
    expect((await s.admin('/faults', { clockSkewMs: -20_000 })).success).toBe(true);
    try {
      const r = await s.t.api('GET', '/api/v2/balance');
      ok(r, 'balance under skew');
      const sess = await s.t.api('GET', '/api/session');
      expect(Math.abs(sess.json.clockOffsetMs + 20_000)).toBeLessThan(1500);
    } finally {
      await s.admin('/faults', { clockSkewMs: 0 });
      await s.t.proxy.internals.forwarder.clock(s.sbx.restUrl).sync();
    }
  });

  it('waits out a 429 from the sandbox (Retry-After) instead of failing', async () => {
    await s.admin('/faults', {
      classes: { private: { rateLimit: { count: 1, burst: 1, retryAfterSec: 1 } } },
    });
    try {
      const t0 = Date.now();
      const r = await s.t.api('GET', '/api/v2/balance');
      ok(r, 'balance after 429');
      expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
    } finally {
      await s.admin('/faults/reset', {});
    }
  });

  it('N intents give exactly N orders under post-commit 500s and drops', async () => {
    await s.admin('/faults', {
      classes: { order: { afterCommit: { count: 4, mode: 'drop' } } },
    });
    const N = 8;
    const ids: string[] = [];
    try {
      for (let i = 0; i < N; i++) {
        if (i === 4)
          await s.admin('/faults', { classes: { order: { afterCommit: { count: 2, status: 500 } } } });
        const r = await s.t.api('POST', '/api/v2/orders', {
          body: {
            symbol: 'btc_krw',
            side: 'buy',
            orderType: 'limit',
            price: String(90000000 + i * 1000),
            qty: '0.0001',
          },
        });
        ok(r, `intent ${i}`);
        ids.push(r.json.data.clientOrderId);
      }
    } finally {
      await s.admin('/faults/reset', {});
    }
    const all = await s.t.api('GET', '/api/v2/openOrders?symbol=btc_krw&limit=1000');
    const mine = all.json.data.filter((o: { clientOrderId?: string }) => ids.includes(o.clientOrderId ?? ''));
    expect(mine).toHaveLength(N);
    const faults = await s.admin('/faults');
    expect(faults.data.total).toBeGreaterThanOrEqual(6);
  });
});
