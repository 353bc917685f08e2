import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateFrameSchema } from '../../core/schemas/index.js';
import { type MarketController, startMarket } from '../market/index.js';
import {
  connectPrivate,
  edKey,
  hmacKey,
  type Msg,
  restSigned,
  type Sandbox,
  signedQuery,
  sleep,
  startSandbox,
  WsClient,
} from './testkit.js';

describe('private WebSocket', () => {
  let sbx: Sandbox;
  let market: MarketController;
  const clients: WsClient[] = [];
  const open = async (k?: ReturnType<typeof hmacKey>) => {
    const c = await connectPrivate(sbx, k);
    clients.push(c);
    return c;
  };
  const subscribeAll = async (c: WsClient, extra: Record<string, unknown> = {}) => {
    c.send([
      { requestId: 1, method: 'subscribe', type: 'myOrder', ...extra },
      { requestId: 2, method: 'subscribe', type: 'myTrade', ...extra },
      { requestId: 3, method: 'subscribe', type: 'myAsset', ...extra },
    ]);
    for (const id of [1, 2, 3])
      expect(await c.next((m) => m.requestId === id)).toEqual({ status: 'success', requestId: id });
  };

  beforeAll(async () => {
    sbx = await startSandbox({ seed: 5, simulate: false });
    market = startMarket(sbx.context, { autoStart: false });
    market.setSimulated('btc_krw', true);
    market.step(12);
  });
  afterAll(async () => {
    for (const c of clients) await c.close();
    market.stop();
    await sbx.close();
  });

  it('refuses a handshake without key, with a bad signature, a stale timestamp or an unknown key', async () => {
    const k = hmacKey(sbx);
    const attempts: Array<[string, Record<string, string>, string]> = [
      [`${sbx.wsPrivateUrl}?${signedQuery(k.key)}`, {}, 'NO_API_KEY'],
      [`${sbx.wsPrivateUrl}?${signedQuery(k.key)}`, { 'X-KAPI-KEY': 'nope' }, 'KEY_NOT_FOUND'],
      [
        `${sbx.wsPrivateUrl}?${signedQuery({ type: 'hmac-sha256', secret: 'wrong' })}`,
        { 'X-KAPI-KEY': k.apiKey },
        'INVALID_SIGNATURE',
      ],
      [
        `${sbx.wsPrivateUrl}?${signedQuery(k.key, [], Date.now() - 60_000)}`,
        { 'X-KAPI-KEY': k.apiKey },
        'EXCEED_TIME_WINDOW',
      ],
      [
        `${sbx.wsPrivateUrl}?${signedQuery(k.key, [], Date.now() + 5_000)}`,
        { 'X-KAPI-KEY': k.apiKey },
        'EXCEED_TIME_WINDOW',
      ],
      [`${sbx.wsPrivateUrl}`, { 'X-KAPI-KEY': k.apiKey }, 'NO_TIMESTAMP'],
    ];
    for (const [url, headers, code] of attempts) {
      const err = await WsClient.connect(url, headers).then(
        () => null,
        (e: { status?: number; body?: string }) => e,
      );
      expect(err, code).not.toBeNull();
      expect(err!.status).toBeGreaterThanOrEqual(400);
      expect(JSON.parse(err!.body!)).toMatchObject({ success: false, error: { message: code } });
    }
    // a recvWindow in the signed query is honoured
    const c = await WsClient.connect(
      `${sbx.wsPrivateUrl}?${signedQuery(k.key, [['recvWindow', '60000']], Date.now() - 30_000)}`,
      {
        'X-KAPI-KEY': k.apiKey,
      },
    );
    clients.push(c);
    expect(c.closed).toBe(false);
  });

  it('accepts ED25519 keys; public channels are refused on the private socket', async () => {
    const c = await open(edKey(sbx));
    c.send([{ requestId: 4, method: 'subscribe', type: 'ticker', symbols: ['btc_krw'] }]);
    expect(await c.next((m) => m.requestId === 4)).toMatchObject({ status: 'fail', code: 'INVALID_REQUEST' });
    c.send('{"bare":"object"}');
    expect(await c.next((m) => m.message === 'invalid_format')).toEqual({
      status: 'fail',
      message: 'invalid_format',
    });
  });

  it('sends a frame for every order transition, fill and balance change', async () => {
    const c = await open();
    await subscribeAll(c);
    // 1. a resting limit buy: myOrder unfilled + myAsset (KRW moves to tradeInUse)
    const placed = await restSigned(sbx, 'POST', '/v2/orders', [
      ['symbol', 'btc_krw'],
      ['side', 'buy'],
      ['orderType', 'limit'],
      ['price', '100000000'],
      ['qty', '0.001'],
      ['clientOrderId', 'ws-test-1'],
    ]);
    expect(placed.body.success).toBe(true);
    const orderId = placed.body.data.orderId;
    const unfilled = await c.next(
      (m) => m.channelType === 'myOrder' && m.order.orders[0].orderId === orderId,
    );
    // live shape: the pair at the top level, rows without symbol (korbit-cli internal/stream)
    expect(Object.keys(unfilled).slice(0, 4)).toEqual(['symbol', 'timestamp', 'channelType', 'order']);
    expect(unfilled.symbol).toBe('btc_krw');
    expect(unfilled.order.orders[0]).toMatchObject({
      status: 'unfilled',
      clientOrderId: 'ws-test-1',
      price: '100000000',
    });
    expect(unfilled.order.orders[0]).not.toHaveProperty('symbol');
    expect(unfilled.order.accountSeq).toBeUndefined();
    const krw = await c.next(
      (m) => m.channelType === 'myAsset' && m.asset.assets.some((a: Msg) => a.currency === 'krw'),
    );
    expect(krw.asset.assets.find((a: Msg) => a.currency === 'krw').tradeInUse).toBe('100000');
    // 2. cancel: myOrder canceled + myAsset (tradeInUse back to available)
    const from = c.messages.length;
    const del = await restSigned(sbx, 'DELETE', '/v2/orders', [
      ['symbol', 'btc_krw'],
      ['orderId', String(orderId)],
    ]);
    expect(del.body.success).toBe(true);
    const canceled = await c.next(
      (m) => m.channelType === 'myOrder' && m.order.orders[0].orderId === orderId,
      5000,
      from,
    );
    expect(canceled.order.orders[0].status).toBe('canceled');
    await c.next((m) => m.channelType === 'myAsset', 5000, from);
    // 3. a market buy against the simulated makers: myOrder filled, myTrade per fill, myAsset
    const from2 = c.messages.length;
    const mk = await restSigned(sbx, 'POST', '/v2/orders', [
      ['symbol', 'btc_krw'],
      ['side', 'buy'],
      ['orderType', 'market'],
      ['amt', '50000'],
    ]);
    expect(mk.body.success).toBe(true);
    const filled = await c.next(
      (m) =>
        m.channelType === 'myOrder' &&
        m.order.orders[0].orderId === mk.body.data.orderId &&
        m.order.orders[0].status === 'filled',
      5000,
      from2,
    );
    expect(Number(filled.order.orders[0].filledQty)).toBeGreaterThan(0);
    const fill = await c.next((m) => m.channelType === 'myTrade', 5000, from2);
    expect(fill.symbol).toBe('btc_krw');
    expect(fill.trade.trades[0]).toMatchObject({
      orderId: mk.body.data.orderId,
      side: 'buy',
      isTaker: true,
      feeCurrency: expect.any(String),
    });
    expect(fill.trade.trades[0]).not.toHaveProperty('symbol');
    const btc = await c.next(
      (m) => m.channelType === 'myAsset' && m.asset.assets.some((a: Msg) => a.currency === 'btc'),
      5000,
      from2,
    );
    const rest = await restSigned(sbx, 'GET', '/v2/balance', [['currencies', 'btc']]);
    const btcFrame = btc.asset.assets.find((a: Msg) => a.currency === 'btc');
    expect(btcFrame.balance).toBe(rest.body.data.find((b: Msg) => b.currency === 'btc').balance);
    for (const m of c.messages as Msg[]) {
      if (m.channelType)
        expect(privateFrameSchema.safeParse(m).success, JSON.stringify(m).slice(0, 300)).toBe(true);
    }
    // no snapshot on private channels
    expect((c.messages as Msg[]).some((m) => m.snapshot)).toBe(false);
  });

  it('filters by accountSeqs and tags frames with accountSeq only when asked', async () => {
    const tagged = await open();
    await subscribeAll(tagged, { accountSeqs: [2] });
    const plain = await open();
    await subscribeAll(plain);
    const r = await restSigned(sbx, 'POST', '/v2/orders', [
      ['symbol', 'btc_krw'],
      ['side', 'buy'],
      ['orderType', 'limit'],
      ['price', '90000000'],
      ['qty', '0.0001'],
      ['accountSeq', '2'],
    ]);
    expect(r.body.success).toBe(true);
    const f = await tagged.next((m) => m.channelType === 'myOrder');
    expect(f.order.accountSeq).toBe(2);
    expect(f.order.orders[0].orderId).toBe(r.body.data.orderId);
    await sleep(200);
    expect(
      (plain.messages as Msg[]).some(
        (m) => m.channelType === 'myOrder' && m.order.orders[0].orderId === r.body.data.orderId,
      ),
    ).toBe(false);
    // an account outside allowedAccountSeqs is refused
    tagged.send([{ requestId: 9, method: 'subscribe', type: 'myOrder', accountSeqs: [77] }]);
    expect(await tagged.next((m) => m.requestId === 9)).toMatchObject({
      status: 'fail',
      code: 'ACCOUNT_SEQ_NOT_ALLOWED',
    });
    // unsubscribe stops the frames
    tagged.send([{ requestId: 10, method: 'unsubscribe', type: 'myOrder' }]);
    await tagged.next((m) => m.requestId === 10);
    const count = tagged.messages.filter((m: Msg) => m.channelType === 'myOrder').length;
    await restSigned(sbx, 'DELETE', '/v2/orders', [
      ['symbol', 'btc_krw'],
      ['orderId', String(r.body.data.orderId)],
      ['accountSeq', '2'],
    ]);
    await sleep(200);
    expect(tagged.messages.filter((m: Msg) => m.channelType === 'myOrder').length).toBe(count);
  });

  it('checks channel permissions: myOrder/myTrade need readOrders, myAsset needs readBalances', async () => {
    const made = sbx.internals.users.createKey(
      {
        userId: sbx.context.demoUserId,
        type: 'hmac-sha256',
        permissions: ['readBalances'],
        allowedAccountSeqs: [1],
      },
      Date.now(),
    );
    const c = await open({ apiKey: made.key.apiKey, key: { type: 'hmac-sha256', secret: made.secret! } });
    c.send([
      { requestId: 1, method: 'subscribe', type: 'myOrder' },
      { requestId: 2, method: 'subscribe', type: 'myTrade' },
      { requestId: 3, method: 'subscribe', type: 'myAsset' },
    ]);
    expect(await c.next((m) => m.requestId === 1)).toMatchObject({
      status: 'fail',
      code: 'PERMISSION_DENIED',
    });
    expect(await c.next((m) => m.requestId === 2)).toMatchObject({
      status: 'fail',
      code: 'PERMISSION_DENIED',
    });
    expect(await c.next((m) => m.requestId === 3)).toEqual({ status: 'success', requestId: 3 });
  });

  it('sends myAsset for funding (admin deposit) and for transfers between accounts', async () => {
    const c = await open();
    await subscribeAll(c, { accountSeqs: [1, 2] });
    const dep = await fetch(`${sbx.adminUrl}/deposit`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ currency: 'eth', amount: '1.5', instant: true }),
    });
    expect(dep.status).toBe(200);
    const f = await c.next(
      (m) => m.channelType === 'myAsset' && m.asset.assets.some((a: Msg) => a.currency === 'eth'),
    );
    expect(f.asset.accountSeq).toBe(1);
    const from = c.messages.length;
    const t = await restSigned(sbx, 'POST', '/v2/accountTransfer', [
      ['accountSeq', '1'],
      ['toAccountSeq', '2'],
      ['currency', 'krw'],
      ['amount', '12345'],
    ]);
    expect(t.body.success).toBe(true);
    const out = await c.next((m) => m.channelType === 'myAsset' && m.asset.accountSeq === 1, 5000, from);
    const into = await c.next((m) => m.channelType === 'myAsset' && m.asset.accountSeq === 2, 5000, from);
    expect(out.asset.assets[0].currency).toBe('krw');
    expect(into.asset.assets[0].currency).toBe('krw');
    const bal2 = await restSigned(sbx, 'GET', '/v2/balance', [
      ['currencies', 'krw'],
      ['accountSeq', '2'],
    ]);
    expect(into.asset.assets[0].balance).toBe(bal2.body.data[0].balance);
  });

  it('closes a private stream that cannot keep up instead of dropping frames', async () => {
    const c = await open();
    c.send([{ requestId: 1, method: 'subscribe', type: 'myAsset' }]);
    await c.next((m) => m.requestId === 1);
    const socket = (c.ws as unknown as { _socket: { pause(): void } })._socket;
    socket.pause(); // the client stops reading
    const assets = Array.from({ length: 800 }, (_, i) => ({
      currency: `c${i}`,
      balance: '1',
      available: '1',
      tradeInUse: '0',
      withdrawalInUse: '0',
      avgPrice: '0',
      updatedAt: Date.now(),
    }));
    for (let i = 0; i < 400; i++) {
      sbx.context.bus.emit('asset', { userId: sbx.context.demoUserId, accountSeq: 1, assets });
      if (i % 50 === 0) await sleep(5);
    }
    (socket as unknown as { resume(): void }).resume();
    for (let i = 0; i < 200 && !c.closed; i++) await sleep(20);
    expect(c.closed).toBe(true);
    expect(c.closeCode).toBe(1013);
    // every frame it did receive is complete and in order (nothing skipped before the close)
    const got = c.messages.filter((m) => m.channelType === 'myAsset');
    expect(got.length).toBeGreaterThan(0);
    expect(got.length).toBeLessThan(400);
    // the server is fine
    const d = await open();
    d.send([{ requestId: 2, method: 'subscribe', type: 'myAsset' }]);
    expect(await d.next((m) => m.requestId === 2)).toEqual({ status: 'success', requestId: 2 });
  });

  it('sends partiallyFilled then filled, maker-side fills and balances when another user trades against a resting order', async () => {
    const post = async (path: string, body: unknown) => {
      const r = await fetch(`${sbx.adminUrl}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(r.status, path).toBe(200);
      return ((await r.json()) as Msg).data;
    };
    const { userId } = await post('/users', { name: 'counterparty' });
    const key = await post('/keys', { userId, type: 'hmac-sha256' });
    await post('/balance', { userId, currency: 'btc', amount: '1' });
    const other = {
      apiKey: key.apiKey as string,
      key: { type: 'hmac-sha256' as const, secret: key.secret as string },
    };
    const c = await open();
    await subscribeAll(c);
    const book = sbx.context.exchange.getOrderbook('btc_krw', 1);
    // a price inside the spread: the demo user's bid rests at the top of the book
    const price = String(Number(book.bids[0]!.price) + 1000);
    expect(Number(price)).toBeLessThan(Number(book.asks[0]!.price));
    const mine = await restSigned(sbx, 'POST', '/v2/orders', [
      ['symbol', 'btc_krw'],
      ['side', 'buy'],
      ['orderType', 'limit'],
      ['price', price],
      ['qty', '0.002'],
    ]);
    const id = mine.body.data.orderId;
    await c.next(
      (m) =>
        m.channelType === 'myOrder' &&
        m.order.orders[0].orderId === id &&
        m.order.orders[0].status === 'unfilled',
    );
    const sell = (qty: string) =>
      restSigned(
        sbx,
        'POST',
        '/v2/orders',
        [
          ['symbol', 'btc_krw'],
          ['side', 'sell'],
          ['orderType', 'limit'],
          ['price', price],
          ['qty', qty],
          ['timeInForce', 'ioc'],
        ],
        other,
      );
    expect((await sell('0.0005')).body.success).toBe(true);
    const part = await c.next(
      (m) =>
        m.channelType === 'myOrder' &&
        m.order.orders[0].orderId === id &&
        m.order.orders[0].status === 'partiallyFilled',
    );
    expect(part.order.orders[0].filledQty).toBe('0.0005');
    const fill = await c.next((m) => m.channelType === 'myTrade' && m.trade.trades[0].orderId === id);
    expect(fill.trade.trades[0]).toMatchObject({ isTaker: false, side: 'buy', price, qty: '0.0005' });
    expect((await sell('0.0015')).body.success).toBe(true);
    const done = await c.next(
      (m) =>
        m.channelType === 'myOrder' &&
        m.order.orders[0].orderId === id &&
        m.order.orders[0].status === 'filled',
    );
    expect(done.order.orders[0].filledQty).toBe('0.002');
    const trades = c.messages.filter((m) => m.channelType === 'myTrade' && m.trade.trades[0].orderId === id);
    expect(trades.length).toBe(2);
    // the counterparty's fills are not on the demo user's stream
    expect(c.messages.some((m) => m.channelType === 'myTrade' && m.trade.trades[0].side === 'sell')).toBe(
      false,
    );
  });
});
