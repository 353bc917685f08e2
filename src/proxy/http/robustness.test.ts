import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, startFakeUpstream } from '../testing/fakeUpstream.js';
import { sleep, startTestProxy, type TestProxy } from '../testing/harness.js';
import { rawRequest } from '../testing/rawRequest.js';

let fake: FakeUpstream;
let t: TestProxy;
beforeAll(async () => {
  fake = await startFakeUpstream();
  t = await startTestProxy(fake);
});
afterAll(async () => {
  await t.proxy.close();
  await fake.close();
});

describe('bad input never crashes the proxy', () => {
  it('survives malformed requests, oversized bodies and garbage frames', async () => {
    const cookie = `kapi_session=${t.proxy.token}`;
    expect((await t.api('GET', '/api/v2/tickers?symbol=%E0%A4%A&x=%%%')).status).toBeLessThan(500);
    const big = await t.api('POST', '/api/v2/orders', { body: { symbol: 'x'.repeat(70_000) } });
    expect(big.status).toBe(413);
    expect((await t.api('POST', '/api/v2/orders', { body: 'null' })).status).toBe(400);
    expect((await t.api('POST', '/api/v2/orders', { body: '"str"' })).status).toBe(400);
    for (const bad of [
      '{bad json',
      '{"symbol":',
      '\u0000',
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
      '{"a":1e999999}',
    ]) {
      const r = await t.api('POST', '/api/v2/orders', { body: bad });
      expect(r.status, JSON.stringify(bad.slice(0, 20))).toBe(400);
      expect(r.json).toMatchObject({ success: false, error: { message: expect.any(String) } });
    }
    const profile = await t.api('POST', '/api/profiles', { body: '{"apiKey":' });
    expect(profile.status).toBe(400);
    expect((await t.api('PATCH', '/api/v2/orders', { body: {} })).status).toBe(405);
    expect((await t.api('GET', '/api/nothing')).status).toBe(404);
    expect((await t.api('GET', '/api/journal?limit=abc')).status).toBe(200);
    const odd = await rawRequest(t.proxy.url, { path: '//%%%/../?token', headers: { cookie } });
    expect(odd.status).toBeLessThan(500);

    // raw garbage on the socket
    const port = Number(new URL(t.proxy.url).port);
    await new Promise<void>((resolve) => {
      const sock = connect(port, '127.0.0.1', () => {
        sock.write('GARBAGE \x00\x01\x02 HTTP/9.9\r\n\r\n');
        setTimeout(() => {
          sock.destroy();
          resolve();
        }, 50);
      });
      sock.on('error', () => resolve());
    });

    const ws = await t.ws('/ws/public');
    ws.ws.send(Buffer.from([0, 1, 2, 3]));
    ws.ws.send('[{"method":"subscribe","type":"orderbook","symbols":[null]}]');
    ws.ws.send('[1,2,3]');
    ws.ws.send(`[${'{},'.repeat(100)}{}]`);
    await sleep(50);
    ws.close();

    const s = await t.api('GET', '/api/session');
    expect(s.status).toBe(200);
    expect(t.logs.some((l) => l.includes('INTERNAL_ERROR') || l.includes('failed:'))).toBe(false);
  });
});
