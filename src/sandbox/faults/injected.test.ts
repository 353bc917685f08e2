// Every fault observable over real sockets, counted, and visible through the admin API.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type MarketController, startMarket } from '../market/index.js';
import {
  connectPrivate,
  type Msg,
  restGet,
  restSigned,
  type Sandbox,
  sleep,
  startSandbox,
  WsClient,
} from '../ws/testkit.js';

process.env.SANDBOX_WS_PING_MS = '200';

async function admin(sbx: Sandbox, method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await fetch(`${sbx.adminUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Msg };
}

/** A small bid at the best bid: always changes the top 30 levels of the xrp book. */
async function bidAtTouch(sbx: Sandbox) {
  const best = sbx.context.exchange.getOrderbook('xrp_krw', 1).bids[0]!.price;
  return restSigned(sbx, 'POST', '/v2/orders', [
    ['symbol', 'xrp_krw'],
    ['side', 'buy'],
    ['orderType', 'limit'],
    ['price', best],
    ['qty', '5'],
  ]);
}

describe('fault injection', () => {
  let sbx: Sandbox;
  let market: MarketController;

  beforeAll(async () => {
    sbx = await startSandbox({ seed: 8, simulate: false });
    market = startMarket(sbx.context, { autoStart: false });
    market.setSimulated('xrp_krw', true);
    market.step(8);
  });
  afterAll(async () => {
    market.stop();
    await sbx.close();
  });
  beforeEach(() => {
    sbx.context.faults.reset();
  });

  it('is off by default and configurable through the admin API', async () => {
    const s = await admin(sbx, 'GET', '/faults');
    expect(s.status).toBe(200);
    expect(s.body.data.config).toEqual({ classes: {}, ws: {}, clockSkewMs: 0 });
    const bad = await admin(sbx, 'POST', '/faults', { classes: { nope: {} } });
    expect(bad.status).toBe(400);
    const ok = await admin(sbx, 'POST', '/faults', {
      classes: { public: { latency: { count: 1, ms: 150 } } },
    });
    expect(ok.status).toBe(200);
    const t0 = Date.now();
    const r = await restGet(sbx, '/v2/time');
    expect(r.status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
    const after = await admin(sbx, 'GET', '/faults');
    expect(after.body.data.counts['latency:public']).toBe(1);
    expect(after.body.data.recent.at(-1)).toMatchObject({ kind: 'latency', target: 'public' });
  });

  it('drops the connection after the order was committed: the order exists, the client never heard', async () => {
    sbx.context.faults.configure({ classes: { order: { afterCommit: { count: 1, mode: 'drop' } } } });
    const res = await restSigned(sbx, 'POST', '/v2/orders', [
      ['symbol', 'xrp_krw'],
      ['side', 'buy'],
      ['orderType', 'limit'],
      ['price', '2000'],
      ['qty', '10'],
      ['clientOrderId', 'lost-ack-1'],
    ]).then(
      () => 'answered',
      () => 'dropped',
    );
    expect(res).toBe('dropped');
    const look = await restSigned(sbx, 'GET', '/v2/orders', [
      ['symbol', 'xrp_krw'],
      ['clientOrderId', 'lost-ack-1'],
    ]);
    expect(look.body.success).toBe(true);
    expect(look.body.data.status).toBe('open');
    expect(sbx.context.faults.count('afterCommitDrop', 'order')).toBe(1);
  });

  it('answers 5xx after the commit', async () => {
    sbx.context.faults.configure({ classes: { order: { afterCommit: { count: 1, status: 503 } } } });
    const res = await restSigned(sbx, 'POST', '/v2/orders', [
      ['symbol', 'xrp_krw'],
      ['side', 'buy'],
      ['orderType', 'limit'],
      ['price', '2001'],
      ['qty', '10'],
      ['clientOrderId', 'lost-ack-2'],
    ]);
    expect(res.status).toBe(503);
    const look = await restSigned(sbx, 'GET', '/v2/orders', [
      ['symbol', 'xrp_krw'],
      ['clientOrderId', 'lost-ack-2'],
    ]);
    expect(look.body.data.status).toBe('open');
    expect(sbx.context.faults.count('afterCommitError')).toBe(1);
  });

  it('fails or drops requests before processing (nothing is committed)', async () => {
    sbx.context.faults.configure({
      classes: { order: { error: { count: 1, status: 502 }, drop: { count: 1 } } },
    });
    const place = (coid: string) =>
      restSigned(sbx, 'POST', '/v2/orders', [
        ['symbol', 'xrp_krw'],
        ['side', 'buy'],
        ['orderType', 'limit'],
        ['price', '2003'],
        ['qty', '10'],
        ['clientOrderId', coid],
      ]);
    const dropped = await place('never-1').then(
      () => 'answered',
      () => 'dropped',
    );
    expect(dropped).toBe('dropped');
    const failed = await place('never-2');
    expect(failed.status).toBe(502);
    for (const coid of ['never-1', 'never-2']) {
      const look = await restSigned(sbx, 'GET', '/v2/orders', [
        ['symbol', 'xrp_krw'],
        ['clientOrderId', coid],
      ]);
      expect(look.body.success).toBe(false);
    }
    expect(sbx.context.faults.count('drop', 'order')).toBe(1);
    expect(sbx.context.faults.count('error', 'order')).toBe(1);
    expect((await place('now-ok')).body.success).toBe(true);
  });

  it('429 bursts carry Retry-After', async () => {
    sbx.context.faults.configure({
      classes: { public: { rateLimit: { count: 1, burst: 3, retryAfterSec: 2 } } },
    });
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${sbx.restUrl}/v2/tickers`);
      statuses.push(res.status);
      if (res.status === 429) retryAfter = res.headers.get('retry-after');
      await res.arrayBuffer();
    }
    expect(statuses).toEqual([429, 429, 429, 200, 200]);
    expect(retryAfter).not.toBeNull();
    expect(sbx.context.faults.count('rateLimit', 'public')).toBe(3);
  });

  it('skews the server clock', async () => {
    sbx.context.faults.configure({ clockSkewMs: 120_000 });
    const r = await restGet(sbx, '/v2/time');
    expect(r.body.data.time - Date.now()).toBeGreaterThan(100_000);
    // a client signing with its own clock is now outside the window
    const bal = await restSigned(sbx, 'GET', '/v2/balance', []);
    expect(bal.body.error?.message).toBe('EXCEED_TIME_WINDOW');
  });

  it('drops public frames', async () => {
    const c = await WsClient.connect(sbx.wsPublicUrl);
    c.send([{ requestId: 1, method: 'subscribe', type: 'orderbook', symbols: ['xrp_krw'] }]);
    await c.next((m) => m.type === 'orderbook');
    sbx.context.faults.configure({ ws: { publicFrameDrop: { probability: 1 } } });
    const before = c.messages.length;
    for (let i = 0; i < 3; i++) {
      expect((await bidAtTouch(sbx)).body.success).toBe(true);
      await sleep(60);
    }
    expect(c.messages.length).toBe(before);
    expect(sbx.context.faults.count('publicFrameDrop')).toBeGreaterThanOrEqual(3);
    sbx.context.faults.reset();
    await bidAtTouch(sbx);
    await c.next((m) => m.type === 'orderbook', 2000, before);
    await c.close();
  });

  it('stalls a stream, then delivers everything in order', async () => {
    const c = await WsClient.connect(sbx.wsPublicUrl);
    c.send([{ requestId: 1, method: 'subscribe', type: 'orderbook', symbols: ['xrp_krw'] }]);
    await c.next((m) => m.type === 'orderbook');
    const r = await admin(sbx, 'POST', '/faults/ws', { action: 'stall', target: 'public', ms: 400 });
    expect(r.body.data.affected).toBeGreaterThan(0);
    const before = c.messages.length;
    const placed = await bidAtTouch(sbx);
    expect(placed.body.success).toBe(true);
    await sleep(150);
    expect(c.messages.length).toBe(before);
    await sleep(500);
    expect(c.messages.length).toBeGreaterThan(before);
    expect(sbx.context.faults.count('wsStall')).toBe(1);
    await c.close();
  });

  it('drops WebSocket connections; a reconnect gets a fresh snapshot', async () => {
    const pub = await WsClient.connect(sbx.wsPublicUrl);
    pub.send([{ requestId: 1, method: 'subscribe', type: 'ticker', symbols: ['xrp_krw'] }]);
    await pub.next((m) => m.type === 'ticker');
    const priv = await connectPrivate(sbx);
    priv.send([{ requestId: 1, method: 'subscribe', type: 'myOrder' }]);
    await priv.next((m) => m.requestId === 1);
    await admin(sbx, 'POST', '/faults/ws', { action: 'drop', target: 'public' });
    for (let i = 0; i < 50 && !pub.closed; i++) await sleep(10);
    expect(pub.closed).toBe(true);
    expect(priv.closed).toBe(false);
    const again = await WsClient.connect(sbx.wsPublicUrl);
    again.send([{ requestId: 2, method: 'subscribe', type: 'ticker', symbols: ['xrp_krw'] }]);
    expect((await again.next((m) => m.type === 'ticker')).snapshot).toBe(true);
    // probabilistic drop on the next private frame
    sbx.context.faults.configure({ ws: { drop: { count: 1, target: 'private' } } });
    await restSigned(sbx, 'POST', '/v2/orders', [
      ['symbol', 'xrp_krw'],
      ['side', 'buy'],
      ['orderType', 'limit'],
      ['price', '2002'],
      ['qty', '10'],
    ]);
    for (let i = 0; i < 50 && !priv.closed; i++) await sleep(10);
    expect(priv.closed).toBe(true);
    expect(sbx.context.faults.count('wsDrop', 'ws-private')).toBe(1);
    await again.close();
  });

  it('pings clients and terminates those that stop answering', async () => {
    const c = await WsClient.connect(sbx.wsPublicUrl);
    let pings = 0;
    c.ws.on('ping', () => {
      pings++;
    });
    await sleep(500);
    expect(pings).toBeGreaterThanOrEqual(1);
    expect(c.closed).toBe(false);
    // a client that never answers pings is cut off
    c.ws.pong = () => {};
    for (let i = 0; i < 100 && !c.closed; i++) await sleep(20);
    expect(c.closed).toBe(true);
  });

  it('closes a private stream within a ping interval when its key is deactivated', async () => {
    const made = await admin(sbx, 'POST', '/keys', { type: 'hmac-sha256' });
    expect(made.status).toBe(200);
    const { apiKey, secret } = made.body.data;
    const c = await connectPrivate(sbx, { apiKey, key: { type: 'hmac-sha256', secret } });
    await sleep(300);
    expect(c.closed).toBe(false);
    const upd = await admin(sbx, 'POST', '/keys/update', { apiKey, status: 'deactivated' });
    expect(upd.status).toBe(200);
    for (let i = 0; i < 50 && !c.closed; i++) await sleep(20);
    expect(c.closed).toBe(true);
    expect(c.closeCode).toBe(1008);
  });
});
