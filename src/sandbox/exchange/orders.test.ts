import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preventedMatchSchema } from '../../core/schemas/index.js';
import { type Client, makeUser, startSandbox } from '../testing/client.js';

let env: Awaited<ReturnType<typeof startSandbox>>;
let me: Client;
let mm: Client;
let shift = 0;
const S = 'xrp_krw';

async function place(c: Client, p: Record<string, string | number>) {
  return c.call('POST', '/v2/orders', { symbol: S, ...p });
}
async function order(c: Client, orderId: number, symbol = S, accountSeq: string | number = 1) {
  return c.data('GET', '/v2/orders', { symbol, orderId, accountSeq });
}
async function placed(c: Client, p: Record<string, string | number>) {
  const r = await place(c, p);
  expect(r.body.success, JSON.stringify(r.body)).toBe(true);
  return order(c, r.body.data.orderId, (p.symbol as string) ?? S, p.accountSeq ?? 1);
}
async function clearBook() {
  await env.admin('/admin/cancelAll', { userId: env.sb.internals.demoUserId });
  for (const u of env.sb.internals.users.listUsers()) await env.admin('/admin/cancelAll', { userId: u.id });
}
/** Asks at 3000 x 10, 3001 x 10, 3002 x 10 by the market maker. */
async function ladder(side: 'sell' | 'buy' = 'sell') {
  await clearBook();
  const prices = side === 'sell' ? ['3000', '3001', '3002'] : ['2999', '2998', '2997'];
  for (const price of prices) await placed(mm, { side, orderType: 'limit', price, qty: '10' });
}

beforeAll(async () => {
  env = await startSandbox({ clock: () => Date.now() + shift, rateLimitScale: 100 });
  await env.admin('/admin/balance', { accountSeq: 2, currency: 'xrp', amount: '1000' });
  me = env.hmac;
  mm = (await makeUser(env, 'mm', { krw: '100000000', xrp: '100000', btc: '10' })).client;
});
afterAll(async () => {
  await env.sb.close();
});

describe('limit orders', () => {
  it('gtc rests, partially fills, fills, and pays maker/taker fees in the received currency', async () => {
    await clearBook();
    const maker = await placed(mm, { side: 'sell', orderType: 'limit', price: '3000', qty: '10' });
    expect(maker.status).toBe('open');
    expect(maker.timeInForce).toBe('gtc');
    const taker = await placed(me, { side: 'buy', orderType: 'limit', price: '3000', qty: '4' });
    expect(taker).toMatchObject({ status: 'filled', filledQty: '4', filledAmt: '12000', avgPrice: '3000' });
    expect((await order(mm, maker.orderId)).status).toBe('partiallyFilled');
    const trades = await me.data('GET', '/v2/myTrades', { symbol: S });
    expect(trades[0]).toMatchObject({
      side: 'buy',
      qty: '4',
      price: '3000',
      amt: '12000',
      isTaker: true,
      feeCurrency: 'xrp',
      feeQty: '0.002',
    });
    const mt = await mm.data('GET', '/v2/myTrades', { symbol: S });
    expect(mt[0]).toMatchObject({ side: 'sell', isTaker: false, feeCurrency: 'krw', feeQty: '2.4' });
    const pub = await me.pub(`/v2/trades?symbol=${S}&limit=1`);
    expect(pub.body.data[0]).toMatchObject({ price: '3000', qty: '4', isBuyerTaker: true });
    const rest = await placed(me, { side: 'buy', orderType: 'limit', price: '3000', qty: '10' });
    expect(rest).toMatchObject({ status: 'partiallyFilled', filledQty: '6' });
    const open = await me.data('GET', '/v2/openOrders', { symbol: S });
    expect(open[0]).toMatchObject({ orderId: rest.orderId, status: 'partiallyFilled' });
    expect(open[0].symbol).toBeUndefined();
    expect(open[0].timeInForce).toBeUndefined();
    expect((await order(mm, maker.orderId)).status).toBe('filled');
  });

  it('ioc fills what it can and closes as filled; with nothing to fill it expires', async () => {
    await ladder();
    const o = await placed(me, {
      side: 'buy',
      orderType: 'limit',
      price: '3001',
      qty: '25',
      timeInForce: 'ioc',
    });
    expect(o).toMatchObject({ status: 'filled', filledQty: '20', timeInForce: 'ioc' });
    expect(o.closedAt).toBeTypeOf('number');
    const none = await placed(me, {
      side: 'buy',
      orderType: 'limit',
      price: '2000',
      qty: '3',
      timeInForce: 'ioc',
    });
    expect(none.status).toBe('expired');
  });

  it('fok fills fully or expires without touching the book', async () => {
    await ladder();
    const kill = await placed(me, {
      side: 'buy',
      orderType: 'limit',
      price: '3001',
      qty: '25',
      timeInForce: 'fok',
    });
    expect(kill).toMatchObject({ status: 'expired', filledQty: '0' });
    const book = await me.pub(`/v2/orderbook?symbol=${S}`);
    expect(book.body.data.asks[0]).toEqual({ price: '3000', qty: '10' });
    const fill = await placed(me, {
      side: 'buy',
      orderType: 'limit',
      price: '3002',
      qty: '25',
      timeInForce: 'fok',
    });
    expect(fill).toMatchObject({ status: 'filled', filledQty: '25' });
  });

  it('po is canceled (expired) when it would take, rests otherwise', async () => {
    await ladder();
    const take = await placed(me, {
      side: 'buy',
      orderType: 'limit',
      price: '3000',
      qty: '2',
      timeInForce: 'po',
    });
    expect(take.status).toBe('expired');
    const make = await placed(me, {
      side: 'buy',
      orderType: 'limit',
      price: '2990',
      qty: '2',
      timeInForce: 'po',
    });
    expect(make.status).toBe('open');
  });

  it('a sell limit order matches bids best first', async () => {
    await ladder('buy');
    const o = await placed(me, { side: 'sell', orderType: 'limit', price: '2998', qty: '15' });
    expect(o).toMatchObject({ status: 'filled', filledQty: '15', avgPrice: '2998.6667' });
  });
});

describe('market orders', () => {
  it('buy by amt spends at most amt; sell by qty; only ioc is allowed', async () => {
    await ladder();
    const b = await placed(me, { side: 'buy', orderType: 'market', amt: '45005' });
    expect(b).toMatchObject({
      status: 'filled',
      timeInForce: 'ioc',
      amt: '45005',
      filledQty: '15',
      filledAmt: '45005',
    });
    const odd = await placed(me, { side: 'buy', orderType: 'market', amt: '10000' });
    expect(odd).toMatchObject({ filledQty: '3.33222259', filledAmt: '9999.99999259' });
    expect(b.price).toBeUndefined();
    await ladder('buy');
    const s = await placed(me, { side: 'sell', orderType: 'market', qty: '12' });
    expect(s).toMatchObject({ status: 'filled', filledQty: '12', filledAmt: '35986' });
    const gtc = await place(me, { side: 'buy', orderType: 'market', amt: '10000', timeInForce: 'gtc' });
    expect(gtc.status).toBe(400);
    expect(gtc.body.error?.message).toBe('BAD_REQUEST');
    await clearBook();
    const empty = await placed(me, { side: 'buy', orderType: 'market', amt: '10000' });
    expect(empty.status).toBe('expired');
  });

  it('price protection trims the fill at ppPercent from the mid and closes as filled', async () => {
    await clearBook();
    await placed(mm, { side: 'buy', orderType: 'limit', price: '2990', qty: '10' });
    await placed(mm, { side: 'sell', orderType: 'limit', price: '3010', qty: '5' });
    await placed(mm, { side: 'sell', orderType: 'limit', price: '3100', qty: '5' });
    const o = await placed(me, { side: 'buy', orderType: 'market', amt: '30000', pp: 'true', ppPercent: 1 });
    expect(o).toMatchObject({ status: 'filled', filledQty: '5' });
    const book = await me.pub(`/v2/orderbook?symbol=${S}`);
    expect(book.body.data.asks[0].price).toBe('3100');
  });
});

describe('best orders', () => {
  it('ioc/fok take the Nth opposing level price; po joins the Nth own-side level', async () => {
    await ladder();
    const b = await placed(me, {
      side: 'buy',
      orderType: 'best',
      amt: '60020',
      timeInForce: 'ioc',
      bestNth: 2,
    });
    expect(b).toMatchObject({ price: '3001', qty: '20', status: 'filled', filledQty: '20' });
    await ladder('buy');
    const f = await placed(me, { side: 'sell', orderType: 'best', qty: '5', timeInForce: 'fok' });
    expect(f).toMatchObject({ price: '2999', status: 'filled' });
    const p = await placed(me, { side: 'sell', orderType: 'best', qty: '2', timeInForce: 'po', bestNth: 1 });
    expect(p.status).toBe('expired'); // no own-side (ask) level to join
    await ladder();
    const g = await placed(me, { side: 'sell', orderType: 'best', qty: '2', timeInForce: 'po', bestNth: 3 });
    expect(g).toMatchObject({ price: '3002', status: 'open' });
    const missing = await place(me, { side: 'buy', orderType: 'best', amt: '10000' });
    expect(missing.body.error?.message).toBe('BAD_REQUEST');
  });
});

describe('order type x timeInForce matrix', () => {
  // Book: asks 3000/3001/3002 x 10, bids 2999/2998/2997 x 10 (market maker). Buys by the demo user.
  const cases: Array<[string, Record<string, string | number>, string | { status: string; price?: string }]> =
    [
      ['limit gtc', { orderType: 'limit', price: '2990', qty: '2', timeInForce: 'gtc' }, { status: 'open' }],
      [
        'limit ioc',
        { orderType: 'limit', price: '2990', qty: '2', timeInForce: 'ioc' },
        { status: 'expired' },
      ],
      [
        'limit fok',
        { orderType: 'limit', price: '3000', qty: '2', timeInForce: 'fok' },
        { status: 'filled' },
      ],
      ['limit po', { orderType: 'limit', price: '2990', qty: '2', timeInForce: 'po' }, { status: 'open' }],
      ['market gtc', { orderType: 'market', amt: '9000', timeInForce: 'gtc' }, 'BAD_REQUEST'],
      ['market ioc', { orderType: 'market', amt: '9000', timeInForce: 'ioc' }, { status: 'filled' }],
      ['market fok', { orderType: 'market', amt: '9000', timeInForce: 'fok' }, 'BAD_REQUEST'],
      ['market po', { orderType: 'market', amt: '9000', timeInForce: 'po' }, 'BAD_REQUEST'],
      [
        'best gtc',
        { orderType: 'best', amt: '9000', timeInForce: 'gtc' },
        { status: 'filled', price: '3000' },
      ],
      [
        'best ioc',
        { orderType: 'best', amt: '9000', timeInForce: 'ioc', bestNth: 3 },
        { status: 'filled', price: '3002' },
      ],
      [
        'best fok',
        { orderType: 'best', amt: '9000', timeInForce: 'fok' },
        { status: 'filled', price: '3000' },
      ],
      [
        'best po',
        { orderType: 'best', amt: '9000', timeInForce: 'po', bestNth: 2 },
        { status: 'open', price: '2998' },
      ],
    ];
  for (const [name, params, want] of cases) {
    it(name, async () => {
      await clearBook();
      for (const price of ['3000', '3001', '3002'])
        await placed(mm, { side: 'sell', orderType: 'limit', price, qty: '10' });
      for (const price of ['2999', '2998', '2997'])
        await placed(mm, { side: 'buy', orderType: 'limit', price, qty: '10' });
      const r = await place(me, { side: 'buy', ...params });
      if (typeof want === 'string') {
        expect(r.status).toBe(400);
        expect(r.body.error?.message).toBe(want);
        return;
      }
      const o = await order(me, r.body.data.orderId);
      expect(o).toMatchObject(want);
      expect(o.timeInForce).toBe(params.timeInForce);
      expect(env.sb.internals.ledger.checkInvariants()).toEqual([]);
    });
  }
});

describe('self-trade prevention and balances', () => {
  it('stops before an own resting order and records a prevented match', async () => {
    await clearBook();
    const mine = await placed(me, {
      side: 'sell',
      orderType: 'limit',
      price: '3000',
      qty: '5',
      accountSeq: 2,
    });
    const taker = await placed(me, { side: 'buy', orderType: 'limit', price: '3000', qty: '5' });
    expect(taker.status).toBe('canceled');
    expect(
      (await me.data('GET', '/v2/orders', { symbol: S, orderId: mine.orderId, accountSeq: 2 })).status,
    ).toBe('open');
    const pm = await me.data('GET', '/v2/myPreventedMatches', { accountSeq: 1, symbol: S });
    expect(pm[0]).toMatchObject({
      takerOrderId: taker.orderId,
      makerOrderId: mine.orderId,
      qty: '5',
      price: '3000',
      takerSide: 'buy',
      accountSeq: 1,
    });
    expect(preventedMatchSchema.safeParse(pm[0]).success).toBe(true);
  });

  it('an order beyond the balance is accepted and expires', async () => {
    await clearBook();
    const o = await placed(me, { side: 'sell', orderType: 'limit', price: '3000', qty: '99999' });
    expect(o.status).toBe('expired');
  });

  it('holds funds while resting and releases them on cancel', async () => {
    await clearBook();
    const before = (await me.data('GET', '/v2/balance', { currencies: 'krw' }))[0];
    const o = await placed(me, { side: 'buy', orderType: 'limit', price: '2000', qty: '10' });
    const during = (await me.data('GET', '/v2/balance', { currencies: 'krw' }))[0];
    expect(during.tradeInUse).toBe('20000');
    expect(during.balance).toBe(before.balance);
    const r = await me.call('DELETE', '/v2/orders', { symbol: S, orderId: o.orderId });
    expect(r.body).toEqual({ success: true });
    const after = (await me.data('GET', '/v2/balance', { currencies: 'krw' }))[0];
    expect(after.available).toBe(before.available);
    expect((await order(me, o.orderId)).status).toBe('canceled');
    expect(env.sb.internals.ledger.checkInvariants()).toEqual([]);
  });
});

describe('order errors', () => {
  const code = async (p: Record<string, string | number>) => (await place(me, p)).body.error?.message;

  it('rejects bad values with the published codes', async () => {
    expect(await code({ side: 'buy', orderType: 'limit', price: '3000', qty: '1' })).toBe(
      'ORDER_VALUE_TOO_SMALL',
    );
    expect(await code({ side: 'buy', orderType: 'limit', price: '3000', qty: '400000' })).toBe(
      'ORDER_VALUE_TOO_LARGE',
    );
    expect(await code({ side: 'buy', orderType: 'limit', price: '3000.5', qty: '10' })).toBe(
      'PRICE_TICK_SIZE_INVALID',
    );
    expect(await code({ symbol: 'XRP_KRW', side: 'buy', orderType: 'limit', price: '3000', qty: '10' })).toBe(
      'INVALID_CURRENCY_PAIR',
    );
    expect(await code({ side: 'buy', orderType: 'limit', price: '3e3', qty: '10' })).toBe('BAD_REQUEST');
    expect(await code({ side: 'buy', orderType: 'limit', price: '3000', qty: '0' })).toBe('BAD_REQUEST');
    expect(await code({ side: 'buy', orderType: 'limit', price: '-3000', qty: '10' })).toBe('BAD_REQUEST');
    expect(
      await code({ side: 'buy', orderType: 'limit', price: '3000', qty: '10', clientOrderId: 'bad id!' }),
    ).toBe('BAD_REQUEST');
    expect(await code({ side: 'hold', orderType: 'limit', price: '3000', qty: '10' })).toBe('BAD_REQUEST');
    // an unknown parameter is ignored like the live service (logged to the sandbox console), not refused
    expect(
      await code({ side: 'buy', orderType: 'limit', price: '3000', qty: '10', extra: 'x' }),
    ).toBeUndefined();
  });

  it('DUPLICATE_CLIENT_ORDER_ID, lookup by clientOrderId', async () => {
    await clearBook();
    const p = { side: 'buy', orderType: 'limit', price: '2000', qty: '5', clientOrderId: 'ord:a_1.x-2' };
    const first = await place(me, p);
    expect(first.body.success).toBe(true);
    expect(await code(p)).toBe('DUPLICATE_CLIENT_ORDER_ID');
    const got = await me.data('GET', '/v2/orders', { symbol: S, clientOrderId: 'ord:a_1.x-2' });
    expect(got.orderId).toBe(first.body.data.orderId);
    const both = await me.call('GET', '/v2/orders', { symbol: S, clientOrderId: 'ord:a_1.x-2', orderId: 1 });
    expect(both.body.error?.message).toBe('BAD_REQUEST');
    const del = await me.call('DELETE', '/v2/orders', { symbol: S, clientOrderId: 'ord:a_1.x-2' });
    expect(del.body.success).toBe(true);
  });

  it('TOO_MANY_OPEN_ORDERS per user+account+pair', async () => {
    await clearBook();
    await env.admin('/admin/openOrderLimit', { limit: 2 });
    try {
      await placed(me, { side: 'buy', orderType: 'limit', price: '2000', qty: '5' });
      await placed(me, { side: 'buy', orderType: 'limit', price: '2001', qty: '5' });
      expect(await code({ side: 'buy', orderType: 'limit', price: '2002', qty: '5' })).toBe(
        'TOO_MANY_OPEN_ORDERS',
      );
      const other = await place(me, {
        side: 'buy',
        orderType: 'limit',
        price: '2002',
        qty: '5',
        accountSeq: 2,
      });
      expect(other.body.success).toBe(true);
    } finally {
      await env.admin('/admin/openOrderLimit', { limit: 100 });
    }
  });

  it('cancel codes: not found, already canceled / filled / expired', async () => {
    await clearBook();
    const cancel = async (orderId: number) =>
      (await me.call('DELETE', '/v2/orders', { symbol: S, orderId })).body.error?.message;
    expect(await cancel(999999)).toBe('ORDER_NOT_FOUND');
    const o = await placed(me, { side: 'buy', orderType: 'limit', price: '2000', qty: '5' });
    await cancel(o.orderId);
    expect(await cancel(o.orderId)).toBe('ORDER_ALREADY_CANCELED');
    const x = await placed(me, {
      side: 'buy',
      orderType: 'limit',
      price: '2000',
      qty: '5',
      timeInForce: 'ioc',
    });
    expect(await cancel(x.orderId)).toBe('ORDER_ALREADY_EXPIRED');
    await ladder();
    const f = await placed(me, { side: 'buy', orderType: 'limit', price: '3000', qty: '2' });
    expect(await cancel(f.orderId)).toBe('ORDER_ALREADY_FILLED');
    const other = await mm.call('DELETE', '/v2/orders', { symbol: S, orderId: o.orderId });
    expect(other.body.error?.message).toBe('ORDER_NOT_FOUND');
  });

  it('price bounds (fat-finger) and suspended users', async () => {
    expect(await code({ side: 'buy', orderType: 'limit', price: '31000', qty: '1' })).toBe(
      'PRICE_OVER_UPPER_BOUND',
    );
    expect(await code({ side: 'sell', orderType: 'limit', price: '290', qty: '100' })).toBe(
      'PRICE_UNDER_LOWER_BOUND',
    );
    const uid = env.sb.internals.demoUserId;
    await env.admin('/admin/users/status', { userId: uid, status: 'suspended' });
    try {
      expect(await code({ side: 'buy', orderType: 'limit', price: '2000', qty: '5' })).toBe(
        'INVALID_USER_STATUS',
      );
    } finally {
      await env.admin('/admin/users/status', { userId: uid, status: 'active' });
    }
    expect(await code({ side: 'buy', orderType: 'limit', price: '2000', qty: '5' })).toBeUndefined();
  });

  it('stopped pairs reject orders', async () => {
    await env.admin('/admin/market/status', { symbol: 'doge_krw', status: 'stopped' });
    const r = await me.call('POST', '/v2/orders', {
      symbol: 'doge_krw',
      side: 'buy',
      orderType: 'limit',
      price: '300',
      qty: '100',
    });
    expect(r.body.error?.message).toBe('CURRENCY_PAIR_STOPPED');
    const alerts = await me.pub('/v2/marketAlerts');
    expect(alerts.body.data[0].symbol).toBe('doge_krw');
    await env.admin('/admin/market/status', { symbol: 'doge_krw', status: 'launched' });
  });
});

describe('history windows and retention', () => {
  it('allOrders: newest first, startTime inclusive, endTime exclusive, limit', async () => {
    await clearBook();
    const a = await placed(me, {
      side: 'buy',
      orderType: 'limit',
      price: '2000',
      qty: '5',
      symbol: 'xrp_krw',
    });
    const list = await me.data('GET', '/v2/allOrders', { symbol: S, limit: 3 });
    expect(list.length).toBe(3);
    expect(list[0].orderId).toBe(a.orderId);
    expect(list[0].timeInForce).toBe('gtc');
    const exact = await me.data('GET', '/v2/allOrders', {
      symbol: S,
      startTime: a.createdAt,
      endTime: a.createdAt + 1,
    });
    expect(exact.map((o: { orderId: number }) => o.orderId)).toContain(a.orderId);
    const excl = await me.data('GET', '/v2/allOrders', {
      symbol: S,
      startTime: a.createdAt - 10,
      endTime: a.createdAt,
    });
    expect(excl.map((o: { orderId: number }) => o.orderId)).not.toContain(a.orderId);
  });

  it('only the last 36 hours can be queried (startTime is clamped) for allOrders and myTrades', async () => {
    await ladder();
    const f = await placed(me, { side: 'buy', orderType: 'limit', price: '3000', qty: '2' });
    const start = f.createdAt;
    shift = 36 * 3_600_000 + 1000;
    me.offset = shift;
    try {
      const all = await me.data('GET', '/v2/allOrders', { symbol: S, startTime: start });
      expect(all.map((x: { orderId: number }) => x.orderId)).not.toContain(f.orderId);
      const trades = await me.data('GET', '/v2/myTrades', { symbol: S, startTime: start });
      expect(trades.map((x: { orderId: number }) => x.orderId)).not.toContain(f.orderId);
      // still retrievable by id (filled orders do not expire)
      expect((await order(me, f.orderId)).status).toBe('filled');
    } finally {
      shift = 0;
      me.offset = 0;
    }
    const recent = await me.data('GET', '/v2/myTrades', { symbol: S, orderId: f.orderId });
    expect(recent).toHaveLength(1);
  });

  it('canceled orders disappear about 3 days after closing; filled ones stay', async () => {
    await clearBook();
    const o = await placed(me, {
      side: 'buy',
      orderType: 'limit',
      price: '2000',
      qty: '5',
      clientOrderId: 'keep-3d',
    });
    await me.call('DELETE', '/v2/orders', { symbol: S, orderId: o.orderId });
    shift = 3 * 86_400_000 + 60_000;
    me.offset = shift;
    try {
      const r = await me.call('GET', '/v2/orders', { symbol: S, orderId: o.orderId });
      expect(r.body.error?.message).toBe('ORDER_NOT_FOUND');
      const again = await place(me, {
        side: 'buy',
        orderType: 'limit',
        price: '2000',
        qty: '5',
        clientOrderId: 'keep-3d',
      });
      expect(again.body.success).toBe(true);
      const old = await me.data('GET', '/v2/allOrders', { symbol: S });
      expect(old.map((x: { orderId: number }) => x.orderId)).not.toContain(o.orderId);
      expect(env.sb.internals.trading.purge()).toBeGreaterThan(0);
      expect(env.sb.internals.trading.load(o.orderId)).toBeUndefined();
    } finally {
      shift = 0;
      me.offset = 0;
    }
  });
});
