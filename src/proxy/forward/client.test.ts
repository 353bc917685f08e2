// UpstreamClient on undici's dispatch API: what the forwarder reads from an answer, and its failures.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProxyError } from '../errors.js';
import { UpstreamClient } from './client.js';

let server: Server;
let restUrl = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url?.startsWith('/slow')) return; // never answers
    res.setHeader('Retry-After', ['1', '2']);
    res.setHeader('X-Other', 'not read');
    res.setHeader('RateLimit', 'limit=50, remaining=49, reset=1');
    res.writeHead(req.url?.startsWith('/v2/missing') ? 404 : 200, { 'Content-Type': 'application/json' });
    // several chunks, one multibyte character split across two of them
    const bytes = Buffer.from(`{"success":true,"data":{"q":"${req.url}","name":"비트코인"}}`, 'utf8');
    const cut = bytes.indexOf(Buffer.from('비', 'utf8')) + 1;
    res.write(bytes.subarray(0, cut));
    setTimeout(() => res.end(bytes.subarray(cut)), 5);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  restUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

describe('UpstreamClient', () => {
  it('reads status, the headers it needs (lower-cased, repeated ones joined) and a body sent in pieces', async () => {
    const c = new UpstreamClient(2000);
    const r = await c.send({ restUrl, method: 'GET', path: '/v2/balance', query: 'a=1', apiKey: 'k' });
    expect(r.status).toBe(200);
    expect(r.headers['retry-after']).toBe('1, 2');
    expect(r.headers['x-other']).toBeUndefined();
    expect(r.headers.ratelimit).toBe('limit=50, remaining=49, reset=1');
    expect(JSON.parse(r.text)).toEqual({ success: true, data: { q: '/v2/balance?a=1', name: '비트코인' } });
    expect((await c.send({ restUrl, method: 'GET', path: '/v2/missing' })).status).toBe(404);
    await c.close();
  });

  it('times out as UPSTREAM_TIMEOUT, and a closed client refuses with a code instead of throwing', async () => {
    const c = new UpstreamClient(2000);
    const slow = await c.send({ restUrl, method: 'GET', path: '/slow', timeoutMs: 100 }).catch((e) => e);
    expect(slow).toBeInstanceOf(ProxyError);
    expect((slow as ProxyError).code).toBe('UPSTREAM_TIMEOUT');
    await c.close();
    const p = c.send({ restUrl, method: 'GET', path: '/v2/balance' });
    await expect(p).rejects.toMatchObject({ code: 'UPSTREAM_UNREACHABLE' });
  });
});
