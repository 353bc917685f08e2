// Test-only fake exchange: node:http + ws on port 0, verifying signatures independently with
// node:crypto, with switches for faults the real sandbox may not produce on demand.
import { createHmac, createPublicKey, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type WebSocket, WebSocketServer } from 'ws';

export const FAKE_HMAC = { apiKey: 'fake-hmac-key-0001', secret: 'fake-hmac-secret-XyZ-123456' };
// RFC 8032 test 1 key (a published test vector), read from the shared signing fixture.
const RFC8032 = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../../core/fixtures/signing-vectors.json'), 'utf8')) as {
    ed25519Rfc8032Test1: { privateKeyPem: string; publicKeyPem: string };
  }
).ed25519Rfc8032Test1;
export const FAKE_ED = {
  apiKey: 'fake-ed25519-key-0002',
  privateKeyPem: RFC8032.privateKeyPem,
  publicKeyPem: RFC8032.publicKeyPem,
};

export interface FakeOrder {
  orderId: number;
  clientOrderId: string;
  symbol: string;
  params: Record<string, string>;
}

export interface Faults {
  /** POST /v2/orders: commit the order, then destroy the socket without answering (n times). */
  dropAfterCommit: number;
  /** POST /v2/orders: destroy the socket before committing anything (n times). */
  dropBeforeCommit: number;
  /** POST /v2/orders: commit the order, then answer 500 (n times). */
  error500AfterCommit: number;
  /** POST /v2/orders: commit, then answer after this many ms (n times) — a client timeout. */
  slowAfterCommit: number;
  slowMs: number;
  /** Next n private requests answer 429 with Retry-After: retryAfterSec. */
  rateLimited: number;
  retryAfterSec: number;
  /** Next n order lookups answer ORDER_NOT_FOUND even when the order exists (read lag). */
  lookupHidden: number;
  /** Next n requests answer a body that is not JSON. */
  malformed: number;
  /** Next n requests answer a success envelope's shape that is not JSON (a trailing comma). */
  almostJson: number;
}

/** A success envelope's shape that is not JSON (faults.almostJson). */
export const ALMOST_JSON = '{"success":true,"data":[1,2,],}';

export interface FakeUpstream {
  url: string;
  wsPublicUrl: string;
  wsPrivateUrl: string;
  orders: FakeOrder[];
  faults: Faults;
  skewMs: number;
  /** GET /v2/currencyPairs rows (default none); null answers 503 SERVICE_UNAVAILABLE. */
  pairs: { symbol: string; status: string }[] | null;
  requests: { method: string; path: string; raw: string; headers: IncomingMessage['headers'] }[];
  wsReceived: { kind: 'public' | 'private'; msg: unknown }[];
  wsConnections: { kind: 'public' | 'private'; apiKey?: string }[];
  publicSockets: Set<WebSocket>;
  privateSockets: Set<WebSocket>;
  broadcastPublic(frame: unknown): void;
  broadcastPrivate(frame: unknown): void;
  dropAllSockets(): void;
  close(): Promise<void>;
}

function verifySigned(raw: string, headers: IncomingMessage['headers'], serverTime: number): string | null {
  const apiKey = headers['x-kapi-key'];
  const segs = raw.split('&');
  const sigSeg = segs.find((s) => s.startsWith('signature='));
  if (!sigSeg) return 'NO_SIGNATURE';
  const unsigned = segs.filter((s) => !s.startsWith('signature=')).join('&');
  const sig = decodeURIComponent(sigSeg.slice('signature='.length).replace(/\+/g, ' '));
  const params = new URLSearchParams(unsigned);
  const ts = Number(params.get('timestamp'));
  if (!ts) return 'NO_TIMESTAMP';
  const recv = Number(params.get('recvWindow') ?? 5000);
  if (serverTime - ts > recv || ts >= serverTime + 1000) return 'EXCEED_TIME_WINDOW';
  const hmacSecret = typeof apiKey === 'string' ? FAKE_HMAC_KEYS[apiKey] : undefined;
  if (hmacSecret !== undefined) {
    const want = createHmac('sha256', hmacSecret).update(unsigned, 'utf8').digest('hex');
    return want === sig ? null : 'INVALID_SIGNATURE';
  }
  if (typeof apiKey === 'string' && FAKE_ED_KEYS.has(apiKey)) {
    const ok = verify(
      null,
      Buffer.from(unsigned, 'utf8'),
      createPublicKey(FAKE_ED.publicKeyPem),
      Buffer.from(sig, 'base64'),
    );
    return ok ? null : 'INVALID_SIGNATURE';
  }
  return 'KEY_NOT_FOUND';
}

/** A second HMAC key and a second id for the ED25519 key, for tests that add profiles the fake knows. */
export const FAKE_HMAC_2 = { apiKey: 'fake-hmac-key-0009', secret: 'another-secret-1' };
export const FAKE_ED_2_API_KEY = 'desk-key-0123456789';
const FAKE_HMAC_KEYS: Record<string, string> = {
  [FAKE_HMAC.apiKey]: FAKE_HMAC.secret,
  [FAKE_HMAC_2.apiKey]: FAKE_HMAC_2.secret,
};
const FAKE_ED_KEYS = new Set([FAKE_ED.apiKey, FAKE_ED_2_API_KEY]);

const PUBLIC = new Set(['/v2/time', '/v2/tickers', '/v2/orderbook', '/v2/currencyPairs']);

export async function startFakeUpstream(): Promise<FakeUpstream> {
  const orders: FakeOrder[] = [];
  const faults: Faults = {
    dropAfterCommit: 0,
    dropBeforeCommit: 0,
    error500AfterCommit: 0,
    slowAfterCommit: 0,
    slowMs: 0,
    rateLimited: 0,
    retryAfterSec: 1,
    malformed: 0,
    almostJson: 0,
    lookupHidden: 0,
  };
  const requests: FakeUpstream['requests'] = [];
  const wsReceived: FakeUpstream['wsReceived'] = [];
  const wsConnections: FakeUpstream['wsConnections'] = [];
  const publicSockets = new Set<WebSocket>();
  const privateSockets = new Set<WebSocket>();
  let nextOrderId = 1000;
  const self: { skewMs: number; pairs: FakeUpstream['pairs'] } = { skewMs: 0, pairs: [] };
  const now = () => Date.now() + self.skewMs;

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const fail = (res: ServerResponse, status: number, code: string) =>
    json(res, status, { success: false, error: { code: status, message: code } });

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const body = Buffer.concat(chunks).toString('utf8');
      const query = url.search.slice(1);
      const raw = query + body;
      requests.push({ method: req.method ?? '', path: url.pathname, raw, headers: req.headers });
      if (faults.malformed > 0) {
        faults.malformed--;
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html>gateway</html>');
        return;
      }
      if (faults.almostJson > 0) {
        faults.almostJson--;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(ALMOST_JSON);
        return;
      }
      if (url.pathname === '/v2/time') return json(res, 200, { success: true, data: { time: now() } });
      if (url.pathname === '/v2/tickers') {
        return json(
          res,
          200,
          { success: true, data: [{ symbol: 'btc_krw', close: '100' }] },
          {
            ratelimit: 'limit=50, remaining=49, reset=1',
            'ratelimit-policy': '50;w=1',
          },
        );
      }
      if (url.pathname === '/v2/currencyPairs') {
        if (self.pairs === null) return fail(res, 503, 'SERVICE_UNAVAILABLE');
        return json(res, 200, { success: true, data: self.pairs });
      }
      if (PUBLIC.has(url.pathname)) return json(res, 200, { success: true, data: [] });
      const err = verifySigned(raw, req.headers, now());
      if (err) return fail(res, err === 'KEY_NOT_FOUND' ? 401 : 400, err);
      if (faults.rateLimited > 0) {
        faults.rateLimited--;
        return json(
          res,
          429,
          { success: false, error: { code: 429, message: 'TOO_MANY_REQUESTS' } },
          {
            'retry-after': String(faults.retryAfterSec),
            'ratelimit-policy': '30;w=1',
          },
        );
      }
      const params = Object.fromEntries(new URLSearchParams(raw.replace(/&?signature=[^&]*/, '')));
      if (url.pathname === '/v2/orders' && req.method === 'POST') {
        const coid = params.clientOrderId;
        if (faults.dropBeforeCommit > 0) {
          faults.dropBeforeCommit--;
          req.socket.destroy();
          return;
        }
        if (coid && orders.some((o) => o.clientOrderId === coid))
          return fail(res, 400, 'DUPLICATE_CLIENT_ORDER_ID');
        const order: FakeOrder = {
          orderId: nextOrderId++,
          clientOrderId: coid ?? '',
          symbol: params.symbol ?? '',
          params,
        };
        orders.push(order);
        if (faults.dropAfterCommit > 0) {
          faults.dropAfterCommit--;
          req.socket.destroy();
          return;
        }
        if (faults.error500AfterCommit > 0) {
          faults.error500AfterCommit--;
          return fail(res, 500, 'INTERNAL_SERVER_ERROR');
        }
        if (faults.slowAfterCommit > 0) {
          faults.slowAfterCommit--;
          setTimeout(
            () => json(res, 200, { success: true, data: { orderId: order.orderId } }),
            faults.slowMs,
          );
          return;
        }
        return json(res, 200, { success: true, data: { orderId: order.orderId } });
      }
      if (url.pathname === '/v2/orders' && req.method === 'GET') {
        const o = orders.find((x) =>
          params.clientOrderId
            ? x.clientOrderId === params.clientOrderId
            : String(x.orderId) === params.orderId,
        );
        if (o && faults.lookupHidden > 0) {
          faults.lookupHidden--;
          return fail(res, 404, 'ORDER_NOT_FOUND');
        }
        if (!o) return fail(res, 404, 'ORDER_NOT_FOUND');
        return json(res, 200, {
          success: true,
          data: { orderId: o.orderId, clientOrderId: o.clientOrderId, status: 'open' },
        });
      }
      if (url.pathname === '/v2/orders' && req.method === 'DELETE') return json(res, 200, { success: true });
      if (url.pathname === '/v2/balance') {
        return json(
          res,
          200,
          { success: true, data: [{ currency: 'krw', balance: '1000' }] },
          {
            ratelimit: 'limit=50, remaining=40, reset=1',
          },
        );
      }
      if (url.pathname === '/v2/currentKeyInfo') {
        const key = String(req.headers['x-kapi-key']);
        return json(res, 200, {
          success: true,
          data: {
            apiKey: key,
            type: FAKE_ED_KEYS.has(key) ? 'ed25519' : 'hmac-sha256',
            status: 'activated',
            permissions: [
              'readBalances',
              'readOrders',
              'writeOrders',
              'readDeposits',
              'readWithdrawals',
              'writeWithdrawals',
            ],
            whitelist: '',
            expiration: now() + 365 * 86_400_000,
            allowedAccountSeqs: [1, 2, 3],
          },
        });
      }
      if (url.pathname === '/v2/coin/withdrawal')
        return json(res, 200, { success: true, data: { status: 'pending', coinWithdrawalId: 1 } });
      return json(res, 200, { success: true, data: { echo: params } });
    });
  });

  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/v2/private') {
      const err = verifySigned(url.search.slice(1), req.headers, now());
      if (err) {
        socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n');
        return;
      }
    } else if (url.pathname !== '/v2/public') {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const kind = url.pathname === '/v2/public' ? 'public' : 'private';
      wsConnections.push({ kind, apiKey: req.headers['x-kapi-key'] as string | undefined });
      (kind === 'public' ? publicSockets : privateSockets).add(ws);
      ws.on('close', () => (kind === 'public' ? publicSockets : privateSockets).delete(ws));
      ws.on('message', (data) => {
        let msg: unknown;
        try {
          msg = JSON.parse(data.toString());
        } catch {
          ws.send(JSON.stringify({ status: 'fail', message: 'invalid_format' }));
          return;
        }
        wsReceived.push({ kind, msg });
        if (!Array.isArray(msg)) {
          ws.send(JSON.stringify({ status: 'fail', message: 'invalid_format' }));
          return;
        }
        for (const r of msg as { requestId?: number; method: string; type: string; symbols?: string[] }[]) {
          if (r.symbols?.includes('bad_sym')) {
            ws.send(
              JSON.stringify({
                status: 'fail',
                code: 'INVALID_SYMBOL',
                message: 'bad',
                requestId: r.requestId,
              }),
            );
            continue;
          }
          if (r.requestId !== undefined)
            ws.send(JSON.stringify({ status: 'success', requestId: r.requestId }));
          if (r.method === 'subscribe' && kind === 'public') {
            for (const symbol of r.symbols ?? []) {
              ws.send(
                JSON.stringify({
                  type: r.type,
                  timestamp: now(),
                  symbol,
                  snapshot: true,
                  data:
                    r.type === 'trade'
                      ? [{ tradeId: 1, price: '100', qty: '1' }]
                      : { close: '100', bids: [], asks: [] },
                }),
              );
            }
          }
        }
      });
    });
  });

  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  const fake: FakeUpstream = {
    url,
    wsPublicUrl: `ws://127.0.0.1:${port}/v2/public`,
    wsPrivateUrl: `ws://127.0.0.1:${port}/v2/private`,
    orders,
    faults,
    get skewMs() {
      return self.skewMs;
    },
    set skewMs(v: number) {
      self.skewMs = v;
    },
    get pairs() {
      return self.pairs;
    },
    set pairs(v) {
      self.pairs = v;
    },
    requests,
    wsReceived,
    wsConnections,
    publicSockets,
    privateSockets,
    broadcastPublic(frame) {
      for (const s of publicSockets) s.send(JSON.stringify(frame));
    },
    broadcastPrivate(frame) {
      for (const s of privateSockets) s.send(JSON.stringify(frame));
    },
    dropAllSockets() {
      for (const s of [...publicSockets, ...privateSockets]) s.terminate();
    },
    async close() {
      for (const s of [...publicSockets, ...privateSockets]) s.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  return fake;
}
