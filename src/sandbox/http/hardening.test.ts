// Hardening found by an outside probe (issue 10 item 5) and two live behaviours (GET /v2/ip, unknown
// parameters ignored): the data directory and database are private, and requests Node's HTTP parser
// refuses still get the JSON error envelope.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, tempDir } from '../testing/client.js';

let env: Awaited<ReturnType<typeof startSandbox>>;
const logs: string[] = [];
let dataDir: string;

beforeAll(async () => {
  // a fresh nested directory that the sandbox itself creates, and a parent left world-readable
  const parent = tempDir();
  fs.chmodSync(parent, 0o755);
  dataDir = path.join(parent, 'data');
  env = await startSandbox({ dataDir, log: (l) => logs.push(l) });
});
afterAll(async () => {
  await env.sb.close();
});

/** Sends raw bytes and returns everything the server answers before closing. */
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

function envelope(raw: string) {
  const [head, body] = raw.split('\r\n\r\n') as [string, string];
  return { status: Number(head.split(' ')[1]), head, json: JSON.parse(body) };
}

describe('sandbox hardening', () => {
  it('keeps the data directory 0700 and sandbox.db 0600 (they hold HMAC secrets)', () => {
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dataDir, 'sandbox.db')).mode & 0o777).toBe(0o600);
  });

  it('tightens an existing data directory on the next start', async () => {
    const dir = path.join(tempDir(), 'open');
    fs.mkdirSync(dir, { mode: 0o755 });
    fs.chmodSync(dir, 0o755);
    const other = await startSandbox({ dataDir: dir });
    try {
      expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    } finally {
      await other.sb.close();
    }
  });

  it.each([
    ['oversized headers', `GET /v2/time HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
    ['a control byte in the path', 'GET /v2/ti\x01me HTTP/1.1\r\nHost: x\r\n\r\n', 400],
    [
      'conflicting lengths',
      'POST /v2/orders HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd',
      400,
    ],
    [
      'chunked and a length together',
      'POST /v2/orders HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      400,
    ],
    // issue 18 item 8: what still got a bare answer (Node's or the WebSocket library's)
    ['garbage', 'hello there\r\n\r\n', 400],
    ['HTTP/1.1 without Host', 'GET /v2/time HTTP/1.1\r\n\r\n', 400],
    [
      'an Expect header other than 100-continue',
      'GET /v2/time HTTP/1.1\r\nHost: x\r\nExpect: magic\r\n\r\n',
      417,
    ],
    ['CONNECT', 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n', 405],
    [
      'an admin request with a broken chunk',
      'POST /admin/profile HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
      400,
    ],
    [
      'a WebSocket upgrade without key',
      `GET /v2/public HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      400,
    ],
    [
      'a WebSocket upgrade with a malformed key',
      `GET /v2/private HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: short\r\n\r\n`,
      400,
    ],
    [
      'an upgrade to something else',
      'GET /v2/public HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: h2c\r\n\r\n',
      400,
    ],
    [
      'a WebSocket upgrade by POST',
      `POST /v2/public HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nContent-Length: 0\r\n\r\n`,
      405,
    ],
  ])('answers %s with the JSON error envelope', async (_what, bytes, status) => {
    const r = envelope(await rawExchange(env.sb.restUrl, bytes));
    expect(r.status).toBe(status);
    expect(r.head).toMatch(/content-type: application\/json/i);
    expect(r.json).toMatchObject({ success: false, error: { code: status } });
    expect(typeof r.json.error.message).toBe('string');
  });

  it('GET /v2/ip answers the caller IP as plain text, with the public rate-limit headers', async () => {
    const r = await fetch(`${env.sb.restUrl}/v2/ip`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
    expect((await r.text()).trim()).toBe('127.0.0.1');
    expect(r.headers.get('ratelimit')).toMatch(/^limit=\d+, remaining=\d+, reset=\d+$/);
  });

  it('ignores an unknown parameter like the live service, and says so in the console', async () => {
    const r = await env.hmac.call('GET', '/v2/balance', { currencies: 'krw', startTime: 5 });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([expect.objectContaining({ currency: 'krw' })]);
    expect(logs.some((l) => l.includes('ignored unknown parameter "startTime" on GET /v2/balance'))).toBe(
      true,
    );
  });
});
