// Issue 10 item 5: the proxy answers requests Node's HTTP parser refuses with its JSON error envelope,
// and its own QUEUE_FULL 429 says when to come back (Retry-After) with the rate-limit headers.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, startFakeUpstream } from '../testing/fakeUpstream.js';
import { startTestProxy, type TestProxy } from '../testing/harness.js';

let fake: FakeUpstream;
let t: TestProxy;

beforeAll(async () => {
  fake = await startFakeUpstream();
  t = await startTestProxy(fake, { maxQueue: 2 });
});
afterAll(async () => {
  await t.proxy.close();
  await fake.close();
});

function rawExchange(url: string, bytes: string): Promise<string> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const s = net.connect(Number(u.port), u.hostname, () => s.write(bytes));
    const chunks: Buffer[] = [];
    s.on('data', (c) => chunks.push(c));
    s.on('end', () => resolve(Buffer.concat(chunks).toString()));
    s.on('error', reject);
    s.setTimeout(5000, () => s.destroy(new Error('timeout')));
  });
}

describe('proxy: malformed HTTP and its own 429', () => {
  it.each([
    [
      'oversized headers',
      `GET /api/session HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
    ],
    ['a control byte in the path', 'GET /api/ses\x01sion HTTP/1.1\r\nHost: x\r\n\r\n', 400],
    [
      'conflicting lengths',
      'POST /api/v2/orders HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd',
      400,
    ],
    // issue 18 item 8: what still got a bare answer or none
    ['garbage', 'hello there\r\n\r\n', 400],
    [
      'an Expect header other than 100-continue',
      'GET /api/session HTTP/1.1\r\nHost: x\r\nExpect: magic\r\n\r\n',
      417,
    ],
    ['CONNECT', 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n', 405],
    ['a WebSocket upgrade without key', 'WSNOKEY', 400],
  ])('answers %s with the JSON error envelope', async (_what, template, status) => {
    const host = new URL(t.proxy.url).host;
    const bytes =
      template === 'WSNOKEY'
        ? `GET /ws/public HTTP/1.1\r\nHost: ${host}\r\nOrigin: http://${host}\r\nCookie: kapi_session=${t.proxy.token}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n\r\n`
        : template;
    const raw = await rawExchange(t.proxy.url, bytes);
    const [head, body] = raw.split('\r\n\r\n') as [string, string];
    expect(Number(head.split(' ')[1])).toBe(status);
    expect(head).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(body)).toMatchObject({ success: false, error: { code: status } });
  });

  it('QUEUE_FULL carries Retry-After and the rate-limit headers', async () => {
    const rs = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.api('POST', '/api/v2/accountTransfer', {
          body: { currency: 'krw', amount: String(i + 1), accountSeq: 1 },
        }),
      ),
    );
    const full = rs.filter((r) => r.status === 429);
    expect(full.length).toBeGreaterThan(0);
    for (const r of full) {
      expect(r.json.error.message).toBe('QUEUE_FULL');
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(r.headers.get('x-ratelimit-class')).toBe('funding');
      expect(r.headers.get('x-ratelimit-limit')).toBe('5');
      expect(r.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(Number(r.headers.get('x-ratelimit-reset'))).toBeGreaterThanOrEqual(1);
    }
  });
});
