import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../testing/client.js';

let env: Awaited<ReturnType<typeof startSandbox>>;
// A fixed clock keeps every request inside one rate-limit window.
const T = 1_800_000_000_500;

beforeAll(async () => {
  env = await startSandbox({ clock: () => T });
});
afterAll(async () => {
  await env.sb.close();
});

describe('rate limits', () => {
  it('public: 50/s per IP with Ratelimit headers, then 429 with Retry-After', async () => {
    const first = await env.hmac.pub('/v2/currencyPairs');
    expect(first.headers.get('ratelimit')).toBe('limit=50, remaining=49, reset=1');
    expect(first.headers.get('ratelimit-policy')).toBe('50;w=1');
    for (let i = 0; i < 49; i++) await env.hmac.pub('/v2/currencyPairs');
    const over = await env.hmac.pub('/v2/currencyPairs');
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ success: false, error: { code: 429, message: 'TOO_MANY_REQUESTS' } });
    expect(over.headers.get('retry-after')).toBe('1');
    expect(over.headers.get('ratelimit-policy')).toBe('50;w=1');
    const time = await env.hmac.pub('/v2/time');
    expect(time.status).toBe(200);
    expect(time.headers.get('ratelimit')).toBeNull();
  });

  it('order placement: 30/s per user+account; another account has its own allowance', async () => {
    const place = (accountSeq: number) =>
      env.hmac.call(
        'POST',
        '/v2/orders',
        { symbol: 'btc_krw', side: 'buy', orderType: 'limit', price: '100000000', qty: '0.0001', accountSeq },
        { timestamp: T },
      );
    let last = await place(1);
    expect(last.headers.get('ratelimit-policy')).toBe('30;w=1');
    for (let i = 0; i < 29; i++) last = await place(1);
    expect(last.status).toBe(200);
    expect(last.headers.get('ratelimit')).toBe('limit=30, remaining=0, reset=1');
    const over = await place(1);
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe('1');
    expect((await place(2)).status).toBe(200);
    // other private class is separate
    const bal = await env.hmac.call('GET', '/v2/balance', {}, { timestamp: T });
    expect(bal.status).toBe(200);
    expect(bal.headers.get('ratelimit-policy')).toBe('50;w=1');
  });

  it('funding requests: 5/s', async () => {
    let r = await env.hmac.call(
      'POST',
      '/v2/accountTransfer',
      { accountSeq: 1, toAccountSeq: 2, currency: 'krw', amount: '1' },
      { timestamp: T },
    );
    expect(r.headers.get('ratelimit-policy')).toBe('5;w=1');
    for (let i = 0; i < 4; i++) {
      r = await env.hmac.call(
        'POST',
        '/v2/accountTransfer',
        { accountSeq: 1, toAccountSeq: 2, currency: 'krw', amount: '1' },
        { timestamp: T },
      );
      expect(r.status).toBe(200);
    }
    r = await env.hmac.call(
      'POST',
      '/v2/accountTransfer',
      { accountSeq: 1, toAccountSeq: 2, currency: 'krw', amount: '1' },
      { timestamp: T },
    );
    expect(r.status).toBe(429);
  });
});
