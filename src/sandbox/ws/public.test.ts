import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicFrameSchema, wsResponseSchema } from '../../core/schemas/index.js';
import { type MarketController, startMarket } from '../market/index.js';
import { type Msg, restGet, restSigned, type Sandbox, sleep, startSandbox, WsClient } from './testkit.js';

type Frame = Msg;

describe('public WebSocket', () => {
  let sbx: Sandbox;
  let market: MarketController;
  const clients: WsClient[] = [];
  const connect = async () => {
    const c = await WsClient.connect(sbx.wsPublicUrl);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    sbx = await startSandbox({ seed: 3, simulate: false });
    market = startMarket(sbx.context, { autoStart: false });
    market.setSimulated('eth_krw', true);
    market.setSimulated('xrp_krw', true);
    market.step(12);
  });
  afterAll(async () => {
    for (const c of clients) await c.close();
    market.stop();
    await sbx.close();
  });

  it('acks with the requestId, then a snapshot per symbol; frames match the core schemas', async () => {
    const c = await connect();
    c.send([
      { requestId: 11, method: 'subscribe', type: 'ticker', symbols: ['eth_krw', 'xrp_krw'] },
      { requestId: 12, method: 'subscribe', type: 'orderbook', symbols: ['eth_krw'] },
      { requestId: 13, method: 'subscribe', type: 'trade', symbols: ['xrp_krw'] },
    ]);
    for (const id of [11, 12, 13]) {
      const ack = await c.next((m) => m.requestId === id);
      expect(ack).toEqual({ status: 'success', requestId: id });
      expect(wsResponseSchema.safeParse(ack).success).toBe(true);
    }
    const tick = await c.next<Frame>((m) => m.type === 'ticker' && m.symbol === 'xrp_krw');
    expect(tick.snapshot).toBe(true);
    const book = await c.next<Frame>((m) => m.type === 'orderbook' && m.symbol === 'eth_krw');
    expect(book.snapshot).toBe(true);
    expect(book.data.bids.length).toBeGreaterThan(0);
    expect(book.data.bids.length).toBeLessThanOrEqual(30);
    const trades = await c.next<Frame>((m) => m.type === 'trade');
    expect(trades.snapshot).toBe(true);
    for (const m of c.messages as Frame[]) {
      if (m.type) expect(publicFrameSchema.safeParse(m).success, JSON.stringify(m).slice(0, 200)).toBe(true);
    }
    // the ack comes before the first frame of its subscription
    const idxAck = c.messages.findIndex((m: Msg) => m.requestId === 12);
    const idxBook = c.messages.findIndex((m: Msg) => m.type === 'orderbook');
    expect(idxAck).toBeLessThan(idxBook);
  });

  it('sends updates without the snapshot flag, and stops after unsubscribe', async () => {
    const c = await connect();
    c.send([{ method: 'subscribe', type: 'orderbook', symbols: ['sol_krw'] }]); // no requestId: no ack
    const snap = await c.next<Frame>((m) => m.type === 'orderbook' && m.symbol === 'sol_krw');
    expect(snap.snapshot).toBe(true);
    expect(c.messages.some((m: Msg) => m.status === 'success')).toBe(false);
    const placed = await restSigned(sbx, 'POST', '/v2/orders', [
      ['symbol', 'sol_krw'],
      ['side', 'buy'],
      ['orderType', 'limit'],
      ['price', '100000'],
      ['qty', '0.1'],
    ]);
    expect(placed.body.success).toBe(true);
    const upd = await c.next<Frame>(
      (m) => m.type === 'orderbook' && m.data.bids.some((l: Msg) => l.price === '100000'),
    );
    expect(upd.snapshot).toBeUndefined();
    c.send([{ requestId: 5, method: 'unsubscribe', type: 'orderbook', symbols: ['sol_krw'] }]);
    await c.next((m) => m.requestId === 5);
    const count = c.messages.length;
    await restSigned(sbx, 'POST', '/v2/orders', [
      ['symbol', 'sol_krw'],
      ['side', 'buy'],
      ['orderType', 'limit'],
      ['price', '100050'],
      ['qty', '0.1'],
    ]);
    await sleep(250);
    expect(c.messages.length).toBe(count);
  });

  it('answers garbage with the documented failures and keeps the connection', async () => {
    const c = await connect();
    c.send('not json at all');
    expect(await c.next((m) => m.status === 'fail')).toEqual({ status: 'fail', message: 'invalid_format' });
    c.send({ requestId: 1, method: 'subscribe', type: 'ticker', symbols: ['btc_krw'] });
    await sleep(100);
    expect(c.messages.filter((m: Msg) => m.message === 'invalid_format')).toHaveLength(2);
    c.send([{ requestId: 7, method: 'subscribe', type: 'ticker', symbols: ['BTC_KRW'] }]);
    expect(await c.next((m) => m.requestId === 7)).toMatchObject({
      status: 'fail',
      code: 'INVALID_SYMBOL',
      requestId: 7,
    });
    c.send([{ requestId: 8, method: 'subscribe', type: 'candles', symbols: ['btc_krw'] }]);
    expect(await c.next((m) => m.requestId === 8)).toMatchObject({ status: 'fail', code: 'INVALID_REQUEST' });
    c.send([{ requestId: 9, method: 'subscribe', type: 'orderbook', symbols: ['btc_krw'], level: '7' }]);
    expect(await c.next((m) => m.requestId === 9)).toMatchObject({ status: 'fail', code: 'INVALID_REQUEST' });
    c.send([{ requestId: 10, method: 'subscribe', type: 'myOrder' }]);
    expect(await c.next((m) => m.requestId === 10)).toMatchObject({
      status: 'fail',
      code: 'INVALID_REQUEST',
    });
    c.send([{ requestId: 14, method: 'subscribe', type: 'ticker' }]);
    expect(await c.next((m) => m.requestId === 14)).toMatchObject({
      status: 'fail',
      code: 'INVALID_REQUEST',
    });
    c.ws.send(Buffer.from([0xff, 0xfe, 0x00, 0x80]));
    c.send(`[${'['.repeat(5000)}`);
    await sleep(100);
    c.send([{ requestId: 15, method: 'subscribe', type: 'ticker', symbols: ['btc_krw'] }]);
    expect(await c.next((m) => m.requestId === 15)).toEqual({ status: 'success', requestId: 15 });
    expect(c.closed).toBe(false);
  });

  it('closes a client that sends an oversized message, and the server keeps serving', async () => {
    const c = await connect();
    c.send('x'.repeat(200_000));
    for (let i = 0; i < 50 && !c.closed; i++) await sleep(20);
    expect(c.closed).toBe(true);
    const d = await connect();
    d.send([{ requestId: 1, method: 'subscribe', type: 'ticker', symbols: ['btc_krw'] }]);
    await d.next((m) => m.requestId === 1);
  });

  it('the book built from the stream equals GET /v2/orderbook once the market is quiet (plain and grouped)', async () => {
    const c = await connect();
    c.send([
      { requestId: 1, method: 'subscribe', type: 'orderbook', symbols: ['eth_krw', 'xrp_krw'] },
      { requestId: 2, method: 'subscribe', type: 'orderbook', symbols: ['xrp_krw'], level: '10' },
    ]);
    await c.next((m) => m.type === 'orderbook' && m.level === '10');
    for (let i = 0; i < 20; i++) {
      market.step(2);
      await sleep(15);
    }
    await sleep(300); // quiet: no more steps
    const last = (symbol: string, level?: string) =>
      (c.messages as Frame[])
        .filter((m) => m.type === 'orderbook' && m.symbol === symbol && m.level === level)
        .at(-1)!;
    for (const [symbol, level] of [
      ['eth_krw', undefined],
      ['xrp_krw', undefined],
      ['xrp_krw', '10'],
    ] as const) {
      const rest = await restGet(sbx, '/v2/orderbook', [
        ['symbol', symbol],
        ...(level ? ([['level', level]] as [string, string][]) : []),
      ]);
      const frame = last(symbol, level);
      expect(frame.data.bids).toEqual(rest.body.data.bids.slice(0, 30));
      expect(frame.data.asks).toEqual(rest.body.data.asks.slice(0, 30));
    }
    // the stream really moved: more than the snapshot arrived
    expect(
      (c.messages as Frame[]).filter((m) => m.type === 'orderbook' && !m.snapshot).length,
    ).toBeGreaterThan(3);
  });

  it('streams trades newest first and tickers from trades', async () => {
    const c = await connect();
    c.send([{ requestId: 1, method: 'subscribe', type: 'trade', symbols: ['eth_krw'] }]);
    await c.next((m) => m.type === 'trade' && m.snapshot === true);
    const from = c.messages.length;
    const r = await restSigned(sbx, 'POST', '/v2/orders', [
      ['symbol', 'eth_krw'],
      ['side', 'buy'],
      ['orderType', 'market'],
      ['amt', '200000'],
    ]);
    expect(r.body.success).toBe(true);
    const f = await c.next<Frame>((m) => m.type === 'trade' && !m.snapshot, 3000, from);
    expect(f.data.length).toBeGreaterThan(0);
    const ids = f.data.map((t: Msg) => t.tradeId);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const rest = await restGet(sbx, '/v2/trades', [
      ['symbol', 'eth_krw'],
      ['limit', '1'],
    ]);
    expect(rest.body.data[0].tradeId).toBe(ids[0]);
  });

  it('limits messages per second on a connection', async () => {
    const c = await connect();
    for (let i = 0; i < 210; i++) c.send([{ requestId: 1000 + i, method: 'unsubscribe', type: 'ticker' }]);
    await c.next((m) => m.code === 'TOO_MANY_REQUESTS');
    await sleep(100);
    expect(c.messages.filter((m) => m.status === 'success').length).toBe(200);
    await sleep(1000);
    c.send([{ requestId: 1, method: 'subscribe', type: 'ticker', symbols: ['btc_krw'] }]);
    expect(await c.next((m) => m.requestId === 1)).toEqual({ status: 'success', requestId: 1 });
  });
});
