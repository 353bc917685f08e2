// How orders close (spec 3.1): ioc / market / best / pp remainders close as `filled` after a partial
// fill; an order beyond the balance is accepted and expires; canceled and expired orders stop being
// retrievable ~3 days (72 h) after closing while filled ones stay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, makeUser, startSandbox } from '../testing/client.js';

let env: Awaited<ReturnType<typeof startSandbox>>;
let me: Client;
let mm: Client;
let shift = 0;
const S = 'xrp_krw';

async function placed(c: Client, p: Record<string, string | number>) {
  const r = await c.call('POST', '/v2/orders', { symbol: S, ...p });
  expect(r.body.success, JSON.stringify(r.body)).toBe(true);
  return c.data('GET', '/v2/orders', { symbol: S, orderId: r.body.data.orderId });
}
async function freshBook() {
  for (const u of env.sb.internals.users.listUsers()) await env.admin('/admin/cancelAll', { userId: u.id });
  await env.admin('/admin/cancelAll', {});
  // asks 3000 x 2, 3001 x 2 and bids 2990 x 2, 2989 x 2 by the counterparty
  for (const price of ['3000', '3001'])
    await placed(mm, { side: 'sell', orderType: 'limit', price, qty: '2' });
  for (const price of ['2990', '2989'])
    await placed(mm, { side: 'buy', orderType: 'limit', price, qty: '2' });
}
function at(ms: number) {
  shift = ms;
  me.offset = ms;
}

beforeAll(async () => {
  env = await startSandbox({ clock: () => Date.now() + shift, rateLimitScale: 100 });
  me = env.hmac;
  mm = (await makeUser(env, 'counterparty', { krw: '100000000', xrp: '100000' })).client;
});
afterAll(async () => {
  await env.sb.close();
});

describe('remainders close as filled after a partial fill', () => {
  const cases: [string, Record<string, string | number>, string][] = [
    ['limit ioc buy', { side: 'buy', orderType: 'limit', price: '3001', qty: '10', timeInForce: 'ioc' }, '4'],
    [
      'limit ioc sell',
      { side: 'sell', orderType: 'limit', price: '2989', qty: '10', timeInForce: 'ioc' },
      '4',
    ],
    ['market buy (book exhausted)', { side: 'buy', orderType: 'market', amt: '100000' }, '4'],
    ['market sell (book exhausted)', { side: 'sell', orderType: 'market', qty: '10' }, '4'],
    ['best ioc buy (one level)', { side: 'buy', orderType: 'best', amt: '30000', timeInForce: 'ioc' }, '2'],
    [
      'limit gtc buy with pp (trimmed at the protection bound)',
      {
        side: 'buy',
        orderType: 'limit',
        price: '3200',
        qty: '10',
        timeInForce: 'gtc',
        pp: 'true',
        ppPercent: 1,
      },
      '2',
    ],
    [
      'market buy with pp',
      { side: 'buy', orderType: 'market', amt: '100000', pp: 'true', ppPercent: 1 },
      '2',
    ],
  ];
  for (const [name, p, filledQty] of cases) {
    it(name, async () => {
      await freshBook();
      if (String(p.pp) === 'true') {
        // mid = (2990 + 3000) / 2 = 2995; 1 % above is 3024.95: move the second ask beyond it
        await env.admin('/admin/cancelAll', {});
        for (const u of env.sb.internals.users.listUsers())
          await env.admin('/admin/cancelAll', { userId: u.id });
        await placed(mm, { side: 'sell', orderType: 'limit', price: '3000', qty: '2' });
        await placed(mm, { side: 'sell', orderType: 'limit', price: '3100', qty: '2' });
        await placed(mm, { side: 'buy', orderType: 'limit', price: '2990', qty: '2' });
      }
      const o = await placed(me, p);
      expect(o).toMatchObject({ status: 'filled', filledQty });
      expect(o.closedAt).toBeTypeOf('number');
      const open = await me.data('GET', '/v2/openOrders', { symbol: S });
      expect(open.map((x: { orderId: number }) => x.orderId)).not.toContain(o.orderId);
    });
  }

  it('with nothing filled the same orders expire', async () => {
    await env.admin('/admin/cancelAll', {});
    for (const u of env.sb.internals.users.listUsers()) await env.admin('/admin/cancelAll', { userId: u.id });
    await placed(mm, { side: 'sell', orderType: 'limit', price: '3000', qty: '2' });
    expect(
      (await placed(me, { side: 'buy', orderType: 'limit', price: '2999', qty: '5', timeInForce: 'ioc' }))
        .status,
    ).toBe('expired');
    expect((await placed(me, { side: 'sell', orderType: 'market', qty: '5' })).status).toBe('expired');
  });
});

describe('insufficient balance', () => {
  it('is accepted and expires (limit buy, market buy, limit sell, best buy), holding nothing', async () => {
    await freshBook();
    await env.admin('/admin/balance', { currency: 'krw', amount: '10000' });
    await env.admin('/admin/balance', { currency: 'xrp', amount: '1' });
    const before = await me.data('GET', '/v2/balance', { currencies: 'krw,xrp' });
    const orders: Record<string, string>[] = [
      { side: 'buy', orderType: 'limit', price: '2000', qty: '100' },
      { side: 'buy', orderType: 'market', amt: '500000' },
      { side: 'sell', orderType: 'limit', price: '4000', qty: '50' },
      { side: 'sell', orderType: 'market', qty: '50' },
      { side: 'buy', orderType: 'best', amt: '500000', timeInForce: 'ioc' },
    ];
    for (const p of orders) {
      const o = await placed(me, p);
      expect(o, JSON.stringify(p)).toMatchObject({ status: 'expired', filledQty: '0' });
    }
    expect(await me.data('GET', '/v2/balance', { currencies: 'krw,xrp' })).toEqual(before);
    expect(await me.data('GET', '/v2/openOrders', { symbol: S })).toEqual([]);
    await env.admin('/admin/balance', { currency: 'krw', amount: '100000000' });
    await env.admin('/admin/balance', { currency: 'xrp', amount: '10000' });
  });
});

describe('retention of closed orders', () => {
  it('canceled and expired orders go after 72 h (GET, DELETE, clientOrderId); filled ones stay', async () => {
    await freshBook();
    const canceled = await placed(me, {
      side: 'buy',
      orderType: 'limit',
      price: '2000',
      qty: '3',
      clientOrderId: 'ret-c',
    });
    await me.data('DELETE', '/v2/orders', { symbol: S, orderId: canceled.orderId });
    const expired = await placed(me, {
      side: 'buy',
      orderType: 'limit',
      price: '2000',
      qty: '3',
      timeInForce: 'ioc',
      clientOrderId: 'ret-e',
    });
    expect(expired.status).toBe('expired');
    const filled = await placed(me, {
      side: 'buy',
      orderType: 'limit',
      price: '3000',
      qty: '2',
      clientOrderId: 'ret-f',
    });
    expect(filled.status).toBe('filled');
    const get = (q: Record<string, string | number>) => me.call('GET', '/v2/orders', { symbol: S, ...q });
    const H = 3_600_000;
    try {
      at(71 * H + 59 * 60_000); // just under three days: all still there
      for (const o of [canceled, expired, filled])
        expect((await get({ orderId: o.orderId })).body.success).toBe(true);
      expect((await get({ clientOrderId: 'ret-e' })).body.data.status).toBe('expired');

      at(72 * H + 60_000);
      for (const o of [canceled, expired]) {
        expect((await get({ orderId: o.orderId })).body.error?.message).toBe('ORDER_NOT_FOUND');
        const del = await me.call('DELETE', '/v2/orders', { symbol: S, orderId: o.orderId });
        expect(del.body.error?.message).toBe('ORDER_NOT_FOUND');
      }
      expect((await get({ clientOrderId: 'ret-c' })).body.error?.message).toBe('ORDER_NOT_FOUND');
      expect((await get({ orderId: filled.orderId })).body.data.status).toBe('filled');
      expect((await get({ clientOrderId: 'ret-f' })).body.data.orderId).toBe(filled.orderId);
      // the ids of gone orders may be used again; a filled order's id may not
      const again = await me.call('POST', '/v2/orders', {
        symbol: S,
        side: 'buy',
        orderType: 'limit',
        price: '2000',
        qty: '3',
        clientOrderId: 'ret-e',
      });
      expect(again.body.success).toBe(true);
      const dup = await me.call('POST', '/v2/orders', {
        symbol: S,
        side: 'buy',
        orderType: 'limit',
        price: '2000',
        qty: '3',
        clientOrderId: 'ret-f',
      });
      expect(dup.body.error?.message).toBe('DUPLICATE_CLIENT_ORDER_ID');

      env.sb.internals.trading.purge();
      at(10 * 24 * H);
      expect((await get({ orderId: filled.orderId })).body.data.status).toBe('filled');
    } finally {
      at(0);
    }
  });
});
