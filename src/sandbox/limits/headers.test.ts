// Rate-limit headers on every limited endpoint with its class's limit (spec 8.1), none where the
// request is not limited, and the counting keys: public per IP, private per user + account + class
// (shared by all of a user's keys), scope-none endpoints per user.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../core/permissions.js';
import { startSandbox } from '../testing/client.js';

const LIMIT = { public: 50, order: 30, cancel: 30, funding: 5, private: 50 } as const;

describe('Ratelimit headers on every limited endpoint', () => {
  let env: Awaited<ReturnType<typeof startSandbox>>;
  beforeAll(async () => {
    env = await startSandbox();
  });
  afterAll(async () => {
    await env.sb.close();
  });

  it('each endpoint answers with its class policy, success or business error; /v2/time has none', async () => {
    for (const e of ENDPOINTS) {
      const params: Record<string, string | number> = e.accountScope === 'required' ? { accountSeq: 1 } : {};
      const r =
        e.auth === 'public'
          ? await env.hmac.pub(e.path)
          : await env.hmac.call(e.method as 'GET' | 'POST' | 'DELETE', e.path, params);
      const what = `${e.method} ${e.path} -> ${r.status} ${JSON.stringify(r.body).slice(0, 120)}`;
      expect(r.status, what).toBeLessThan(500);
      if (e.path === '/v2/time') {
        expect(r.headers.get('ratelimit'), what).toBeNull();
        continue;
      }
      const limit = LIMIT[e.limitClass];
      expect(r.headers.get('ratelimit-policy'), what).toBe(`${limit};w=1`);
      expect(r.headers.get('ratelimit'), what).toMatch(
        new RegExp(`^limit=${limit}, remaining=\\d+, reset=1$`),
      );
      if (r.status === 429) expect(r.headers.get('retry-after'), what).toBe('1');
    }
  });

  it('no headers on failed authentication, unknown paths and wrong methods', async () => {
    const bad = await env.hmac.call('GET', '/v2/balance', {}, { signature: 'f'.repeat(64) });
    expect(bad.body.error?.message).toBe('INVALID_SIGNATURE');
    expect(bad.headers.get('ratelimit')).toBeNull();
    const nf = await fetch(`${env.sb.restUrl}/v2/nothing`);
    expect(nf.status).toBe(404);
    expect(nf.headers.get('ratelimit')).toBeNull();
    const wm = await fetch(`${env.sb.restUrl}/v2/tickers`, { method: 'PUT' });
    expect(wm.status).toBe(405);
    expect(wm.headers.get('ratelimit')).toBeNull();
  });
});

describe('counting keys', () => {
  const T = 1_900_000_000_250; // fixed clock: one window for the whole describe
  let env: Awaited<ReturnType<typeof startSandbox>>;
  beforeAll(async () => {
    env = await startSandbox({ clock: () => T });
  });
  afterAll(async () => {
    await env.sb.close();
  });
  const remaining = (h: Headers) => Number(/remaining=(\d+)/.exec(h.get('ratelimit') ?? '')?.[1]);

  it('private: per user + account (both keys of a user share it); scope none: per user', async () => {
    const o = { timestamp: T };
    expect(remaining((await env.hmac.call('GET', '/v2/balance', { accountSeq: 1 }, o)).headers)).toBe(49);
    expect(remaining((await env.ed.call('GET', '/v2/balance', { accountSeq: 1 }, o)).headers)).toBe(48);
    expect(remaining((await env.ed.call('GET', '/v2/openOrders', { symbol: 'btc_krw' }, o)).headers)).toBe(
      47,
    );
    expect(remaining((await env.hmac.call('GET', '/v2/balance', { accountSeq: 2 }, o)).headers)).toBe(49);
    expect(remaining((await env.hmac.call('GET', '/v2/currentKeyInfo', {}, o)).headers)).toBe(49);
    expect(remaining((await env.ed.call('GET', '/v2/accounts', {}, o)).headers)).toBe(48);
  });

  it('cancel: 30/s, then 429 with Retry-After; business errors count too', async () => {
    let r: Awaited<ReturnType<typeof env.hmac.call>> | undefined;
    for (let i = 0; i < 30; i++) {
      r = await env.hmac.call(
        'DELETE',
        '/v2/orders',
        { symbol: 'btc_krw', orderId: 999_999 },
        { timestamp: T },
      );
      expect(r.body.error?.message).toBe('ORDER_NOT_FOUND');
    }
    expect(r!.headers.get('ratelimit')).toBe('limit=30, remaining=0, reset=1');
    const over = await env.hmac.call(
      'DELETE',
      '/v2/orders',
      { symbol: 'btc_krw', orderId: 1 },
      { timestamp: T },
    );
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe('1');
  });

  it('public: per IP (another loopback address has its own allowance)', async () => {
    const port = Number(new URL(env.sb.restUrl).port);
    const get = (localAddress: string) =>
      new Promise<{ status: number; ratelimit: string | undefined }>((resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port, path: '/v2/currencyPairs', localAddress, agent: false },
          (res) => {
            res.resume();
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, ratelimit: res.headers.ratelimit as string }),
            );
          },
        );
        req.on('error', reject);
        req.end();
      });
    let last = await get('127.0.0.1');
    for (let i = 0; i < 50; i++) last = await get('127.0.0.1');
    expect(last.status).toBe(429);
    const other = await get('127.0.0.2');
    expect(other.status).toBe(200);
    expect(other.ratelimit).toBe('limit=50, remaining=49, reset=1');
  });
});
