// A hostile or broken upstream: every kind of garbage answer becomes an error envelope with a code,
// the proxy keeps serving, and an order whose answer was garbage is looked up, never resent blindly.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPSTREAM_BODY } from '../forward/client.js';
import { startTestProxy, type TestProxy } from '../testing/harness.js';

type Mode = (res: ServerResponse) => void;

const MODES: Record<string, Mode> = {
  html: (res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html>bad gateway</html>');
  },
  truncatedJson: (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"success":true,"data":[{"symbol":"btc_');
  },
  notEnvelope: (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('[1,2,3]');
  },
  nullBody: (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('null');
  },
  invalidUtf8: (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]));
  },
  empty502: (res) => {
    res.writeHead(502);
    res.end();
  },
  huge: (res) => {
    // a valid-looking envelope that never ends within the cap
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"success":true,"data":"');
    const chunk = 'x'.repeat(1024 * 1024);
    let sent = 0;
    const pump = () => {
      while (sent < MAX_UPSTREAM_BODY + 4 * 1024 * 1024) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      res.end('"}');
    };
    pump();
  },
  cutMidBody: (res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
    res.write('{"success":true,');
    setTimeout(() => res.destroy(), 10);
  },
  silent: () => {
    // headers never come: the proxy's timeout (1.5 s in the test harness) answers
  },
  lyingLength: (res) => {
    // more bytes than Content-Length: the extra bytes must not poison the keep-alive connection
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '2' });
    res.end('{}garbage');
  },
};

let server: Server;
let url = '';
let mode = 'html';
const orderCalls: string[] = [];
let t: TestProxy;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path === '/v2/time') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ success: true, data: { time: Date.now() } }));
      }
      if (path === '/v2/orders') orderCalls.push(req.method ?? '');
      if (path === '/v2/orders' && req.method === 'GET') {
        // the lookup after an ambiguous answer: the order is not there
        res.writeHead(400, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ success: false, error: { code: 400, message: 'ORDER_NOT_FOUND' } }));
      }
      MODES[mode]!(res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await startTestProxy({ url, wsPublicUrl: `${url}/v2/public`, wsPrivateUrl: `${url}/v2/private` });
});

afterAll(async () => {
  await t.proxy.close();
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

describe('garbage from the upstream', () => {
  for (const m of Object.keys(MODES)) {
    it(`${m}: an error envelope with a code, and the proxy keeps serving`, async () => {
      mode = m;
      for (const path of m === 'silent' ? ['/api/v2/tickers'] : ['/api/v2/tickers', '/api/v2/balance']) {
        const r = await t.api('GET', path);
        expect(r.status, `${m} ${path}`).toBeGreaterThanOrEqual(400);
        expect(r.json?.success, r.text.slice(0, 200)).toBe(false);
        expect(typeof r.json.error.message).toBe('string');
        expect(r.json.error.message).toMatch(m === 'silent' ? /^UPSTREAM_TIMEOUT$/ : /^UPSTREAM_/);
        expect(r.text.length).toBeLessThan(2000);
      }
      const s = await t.api('GET', '/api/session');
      expect(s.status).toBe(200);
    });
  }

  it('an order answered with garbage is looked up before any resend, and reported', async () => {
    mode = 'truncatedJson';
    orderCalls.length = 0;
    const r = await t.api('POST', '/api/v2/orders', {
      body: { symbol: 'btc_krw', side: 'buy', orderType: 'limit', price: '1000', qty: '1' },
    });
    expect(r.json).toMatchObject({ success: false, error: { message: 'ORDER_STATE_UNKNOWN' } });
    // every resend follows a lookup that found nothing; at most three sends, then `unknown`
    expect(orderCalls).toEqual(['POST', 'GET', 'POST', 'GET', 'POST', 'GET']);
    const j = await t.api('GET', '/api/journal?limit=1');
    expect(j.json.entries[0].state).toBe('unknown');
    expect(t.logs.some((l) => l.includes('ambiguous outcome'))).toBe(true);
  });
});
