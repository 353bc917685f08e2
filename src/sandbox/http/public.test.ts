import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, startSandbox } from '../testing/client.js';

let env: Awaited<ReturnType<typeof startSandbox>>;

beforeAll(async () => {
  env = await startSandbox({ rateLimitScale: 100 });
  const mm = (await makeUser(env, 'mm', { krw: '1000000000', btc: '100' })).client;
  for (const [side, price, qty] of [
    ['sell', '140010000', '0.5'],
    ['sell', '140005000', '0.25'],
    ['sell', '140001000', '0.1'],
    ['buy', '139990000', '0.3'],
    ['buy', '139999000', '0.2'],
  ] as const) {
    await mm.data('POST', '/v2/orders', { symbol: 'btc_krw', side, orderType: 'limit', price, qty });
  }
  await env.hmac.data('POST', '/v2/orders', {
    symbol: 'btc_krw',
    side: 'buy',
    orderType: 'limit',
    price: '140001000',
    qty: '0.05',
  });
  await env.hmac.data('POST', '/v2/orders', {
    symbol: 'btc_krw',
    side: 'sell',
    orderType: 'limit',
    price: '139999000',
    qty: '0.01',
  });
});
afterAll(async () => {
  await env.sb.close();
});

const get = (p: string) => env.hmac.pub(p);

describe('public endpoints', () => {
  it('orderbook: bids descending, asks ascending, amt only when grouped', async () => {
    const r = await get('/v2/orderbook?symbol=btc_krw');
    expect(r.status).toBe(200);
    const { bids, asks, timestamp } = r.body.data;
    expect(timestamp).toBeTypeOf('number');
    expect(bids.map((l: { price: string }) => l.price)).toEqual(['139999000', '139990000']);
    expect(asks).toEqual([
      { price: '140001000', qty: '0.05' },
      { price: '140005000', qty: '0.25' },
      { price: '140010000', qty: '0.5' },
    ]);
    const g = await get('/v2/orderbook?symbol=btc_krw&level=100000');
    expect(g.body.data.asks).toEqual([{ price: '140100000', qty: '0.8', amt: '112006300' }]);
    expect(g.body.data.bids[0]).toMatchObject({ price: '139900000', qty: '0.49' });
    expect((await get('/v2/orderbook?symbol=btc_krw&level=7')).body.error?.message).toBe('BAD_REQUEST');
    expect((await get('/v2/orderbook')).body.error?.message).toBe('BAD_REQUEST');
    expect((await get('/v2/orderbook?symbol=BTC_KRW')).body.error?.message).toBe('INVALID_CURRENCY_PAIR');
  });

  it('trades newest first with monotonic tradeId; limit 1-500', async () => {
    const r = await get('/v2/trades?symbol=btc_krw&limit=2');
    expect(r.body.data).toHaveLength(2);
    const [a, b] = r.body.data;
    expect(a.tradeId).toBeGreaterThan(b.tradeId);
    expect(a).toMatchObject({ price: '139999000', qty: '0.01', isBuyerTaker: false });
    expect(b).toMatchObject({ price: '140001000', qty: '0.05', isBuyerTaker: true });
    expect((await get('/v2/trades?symbol=btc_krw&limit=501')).status).toBe(400);
    expect((await get('/v2/trades?symbol=btc_krw&limit=0')).status).toBe(400);
  });

  it('tickers from real trades; unknown symbols give an empty list', async () => {
    const r = await get('/v2/tickers?symbol=btc_krw,eth_krw');
    expect(r.body.data.map((t: { symbol: string }) => t.symbol)).toEqual(['btc_krw', 'eth_krw']);
    const btc = r.body.data[0];
    expect(btc).toMatchObject({
      close: '139999000',
      high: '140001000',
      low: '139999000',
      volume: '0.06',
      bestBidPrice: '139999000',
      bestAskPrice: '140001000',
    });
    expect(btc.quoteVolume).toBe('8400040');
    expect((await get('/v2/tickers?symbol=nope_krw')).body).toEqual({ success: true, data: [] });
    expect((await get('/v2/tickers')).body.data.length).toBeGreaterThanOrEqual(6);
  });

  it('candles: ascending, interval set, limit required, end > start', async () => {
    const r = await get('/v2/candles?symbol=btc_krw&interval=1&limit=10');
    expect(r.body.data.length).toBeGreaterThanOrEqual(1);
    const last = r.body.data[r.body.data.length - 1];
    expect(last.close).toBe('139999000');
    expect(last.timestamp % 60000).toBe(0);
    const d = await get('/v2/candles?symbol=btc_krw&interval=1D&limit=1');
    expect(d.body.data[0].timestamp % 86_400_000).toBe(0);
    expect(d.body.data[0].volume).toBe('0.06');
    expect((await get('/v2/candles?symbol=btc_krw&interval=2&limit=1')).body.error?.message).toBe(
      'INVALID_INTERVAL',
    );
    expect((await get('/v2/candles?symbol=btc_krw&interval=1')).body.error?.message).toBe('BAD_REQUEST');
    expect((await get('/v2/candles?symbol=btc_krw&interval=1&limit=201')).status).toBe(400);
    expect((await get('/v2/candles?symbol=btc_krw&interval=1&limit=5&start=10&end=10')).status).toBe(400);
    const old = await get('/v2/candles?symbol=btc_krw&interval=1&limit=5&start=0&end=1000');
    expect(old.body.data).toEqual([]);
  });

  it('currencyPairs, tickSizePolicy, time, currencies, notices, marketAlerts', async () => {
    const pairs = (await get('/v2/currencyPairs')).body.data;
    expect(pairs.find((p: { symbol: string }) => p.symbol === 'btc_krw')).toEqual({
      symbol: 'btc_krw',
      status: 'launched',
      baseCurrency: 'btc',
      quoteCurrency: 'krw',
      minOrderValue: '5000',
      maxOrderValue: '1000000000',
    });
    const tsp = (await get('/v2/tickSizePolicy?symbol=btc_krw')).body.data[0];
    expect(tsp.tickSizePolicy).toContainEqual({ priceGte: '2000000', tickSize: '1000' });
    expect(tsp.orderbookLevels).toContain('100000');
    expect((await get('/v2/tickSizePolicy')).status).toBe(400);
    const t = (await get('/v2/time')).body.data.time;
    expect(Math.abs(t - Date.now())).toBeLessThan(5000);
    const cur = (await get('/v2/currencies')).body.data;
    expect(cur.find((c: { name: string }) => c.name === 'xrp').networkList[0].hasSecondaryAddr).toBe(true);
    expect((await get('/v2/notices')).body.data[0]).toHaveProperty('title');
    expect((await get('/v2/marketAlerts')).body.data).toEqual([]);
  });
});

describe('envelopes for bad requests', () => {
  it('unknown path 404, wrong method 405, repeated params 400, unknown params ignored', async () => {
    const nf = await get('/v2/nothing');
    expect(nf.status).toBe(404);
    expect(nf.body).toMatchObject({ success: false, error: { code: 404, message: 'NOT_FOUND' } });
    const m = await fetch(`${env.sb.restUrl}/v2/tickers`, { method: 'DELETE' });
    expect(m.status).toBe(405);
    expect(await m.json()).toMatchObject({
      success: false,
      error: { code: 405, message: 'METHOD_NOT_ALLOWED' },
    });
    expect((await get('/v2/trades?symbol=btc_krw&symbol=eth_krw')).body.error?.message).toBe('BAD_REQUEST');
    // unknown parameters are ignored like the live service (and logged to the sandbox console)
    const unknown = await get('/v2/trades?symbol=btc_krw&foo=1');
    expect(unknown.status).toBe(200);
    expect(unknown.body.success).toBe(true);
    expect((await get('/v2/trades?symbol=btc_krw&limit=1e2')).status).toBe(400);
    expect((await get('/v2/trades?symbol=btc_krw&limit=99999999999999999999')).status).toBe(400);
    expect((await get('/v2/trades?symbol=%E0%A4%A')).status).toBe(400);
    expect((await get('/v2/trades?symbol=%FF')).status).toBe(400);
    expect((await get('/v2/trades?&&')).status).toBe(400);
  });

  it('oversized, non-UTF-8 and wrongly typed bodies get 4xx envelopes', async () => {
    const h = { 'X-KAPI-KEY': env.hmac.key.apiKey, 'Content-Type': 'application/x-www-form-urlencoded' };
    const big = await fetch(`${env.sb.restUrl}/v2/orders`, {
      method: 'POST',
      headers: h,
      body: 'a='.padEnd(20_000, 'x'),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({
      success: false,
      error: { code: 413, message: 'PAYLOAD_TOO_LARGE' },
    });
    const bin = await fetch(`${env.sb.restUrl}/v2/orders`, {
      method: 'POST',
      headers: h,
      body: Buffer.from([0x61, 0x3d, 0xff, 0xfe]),
    });
    expect(bin.status).toBe(400);
    const json = await fetch(`${env.sb.restUrl}/v2/orders`, {
      method: 'POST',
      headers: { ...h, 'Content-Type': 'application/json' },
      body: '{"a":1}',
    });
    expect(json.status).toBe(415);
    expect(await json.json()).toMatchObject({
      success: false,
      error: { code: 415, message: 'UNSUPPORTED_MEDIA_TYPE' },
    });
  });

  it('survives a malformed HTTP request and a dropped connection', async () => {
    await new Promise<void>((resolve) => {
      const s = net.connect(Number(new URL(env.sb.restUrl).port), '127.0.0.1', () => {
        s.write('GARBAGE / HTTP/9\r\n\r\n');
      });
      s.on('data', () => s.destroy());
      s.on('close', () => resolve());
      s.on('error', () => resolve());
    });
    await new Promise<void>((resolve) => {
      const s = net.connect(Number(new URL(env.sb.restUrl).port), '127.0.0.1', () => {
        s.write('POST /v2/orders HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc');
        setTimeout(() => {
          s.destroy();
          resolve();
        }, 50);
      });
    });
    expect((await get('/v2/time')).status).toBe(200);
  });

  it('admin API answers JSON errors', async () => {
    const r = await fetch(`${env.sb.restUrl}/admin/balance`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: 'not json',
    });
    expect(r.status).toBe(400);
    expect((await env.admin('/admin/balance', { currency: 'krw', amount: '-5' })).success).toBe(false);
    expect((await env.admin('/admin/market/price', { symbol: 'nope', price: '1' })).error?.message).toBe(
      'INVALID_CURRENCY_PAIR',
    );
    expect((await env.admin('/admin/nothing')).error?.message).toBe('NOT_FOUND');
  });
});

describe('admin API guard', () => {
  it('is loopback only, refuses browser origins and non-JSON writes', async () => {
    const { isLoopback } = await import('../admin/admin.js');
    expect(isLoopback('127.0.0.1')).toBe(true);
    expect(isLoopback('127.1.2.3')).toBe(true);
    expect(isLoopback('::1')).toBe(true);
    expect(isLoopback('192.0.2.2')).toBe(false);
    expect(isLoopback('::ffff:10.0.0.1')).toBe(false);
    const origin = await fetch(`${env.sb.restUrl}/admin/state`, {
      headers: { Origin: 'http://evil.example' },
    });
    expect(origin.status).toBe(403);
    const text = await fetch(`${env.sb.restUrl}/admin/balance`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: '{"currency":"krw","amount":"0"}',
    });
    expect(text.status).toBe(415);
    expect((await env.admin('/admin/users', { name: 'mm' })).error?.message).toBe('CONFLICT');
    expect((await env.admin('/admin/keys/update', { apiKey: 'nope' })).error?.message).toBe('KEY_NOT_FOUND');
    // From a non-loopback address of this machine (when it has one) the admin API answers 403.
    const os = await import('node:os');
    const ext = Object.values(os.networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal);
    if (ext) {
      const { createSandbox } = await import('../index.js');
      const { tempDir } = await import('../testing/client.js');
      const wide = await createSandbox({
        host: '0.0.0.0',
        port: 0,
        dataDir: tempDir(),
        simulate: false,
        historyDays: 0,
      });
      try {
        const port = new URL(wide.restUrl).port;
        const r = await fetch(`http://${ext.address}:${port}/admin/state`);
        expect(r.status).toBe(403);
        expect((await fetch(`http://127.0.0.1:${port}/admin/state`)).status).toBe(200);
      } finally {
        await wide.close();
      }
    }
  });
});
