import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, sign, startSandbox } from '../testing/client.js';

let env: Awaited<ReturnType<typeof startSandbox>>;
const T = 1_800_000_000_000;

beforeAll(async () => {
  env = await startSandbox({ clock: () => T });
});
afterAll(async () => {
  await env.sb.close();
});

const msg = (r: { body: { error?: { message: string } } }) => r.body.error?.message;

describe('signatures', () => {
  it('accepts HMAC-SHA256 and ED25519 signed requests (GET query and POST body)', async () => {
    for (const c of [env.hmac, env.ed]) {
      const r = await c.call('GET', '/v2/balance', {}, { timestamp: T });
      expect(r.status).toBe(200);
      expect(r.body.success).toBe(true);
      const p = await c.call('POST', '/v2/coin/depositAddress', { currency: 'sol' }, { timestamp: T });
      expect([200, 400]).toContain(p.status);
    }
    const info = await env.ed.data('GET', '/v2/currentKeyInfo', {}).catch(() => null);
    expect(info).toBeNull(); // default timestamp is the real clock: outside the fixed window
    const ki = await env.ed.call('GET', '/v2/currentKeyInfo', {}, { timestamp: T });
    expect(ki.body.data).toMatchObject({
      type: 'ed25519',
      allowedAccountSeqs: [1, 2, 3],
      status: 'activated',
    });
    expect(ki.body.data.permissions).toHaveLength(9);
  });

  it('verifies the exact received bytes: values with space, & = and non-ASCII, query + body', async () => {
    const r = await env.hmac.call(
      'POST',
      '/v2/orders',
      {
        symbol: 'btc_krw',
        side: 'buy',
        orderType: 'limit',
        price: '100000000',
        qty: '0.0001',
        clientOrderId: 'a.b:c_d-e',
      },
      { timestamp: T },
    );
    expect(r.body.success).toBe(true);
    // query part + body part, concatenated with nothing between
    const q = `symbol=btc_krw&timestamp=${T}`;
    const body = 'side=buy&orderType=limit&price=100000000&qty=0.0001';
    const sig = sign(env.hmac.key, q + body);
    const res = await fetch(`${env.sb.restUrl}/v2/orders?${q}`, {
      method: 'POST',
      headers: { 'X-KAPI-KEY': env.hmac.key.apiKey, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `${body}&signature=${sig}`,
    });
    expect(((await res.json()) as { success: boolean }).success).toBe(true);
    // re-encoding the same parameters differently breaks the signature
    const raw = `currencies=krw%2Cbtc&timestamp=${T}`;
    const good = sign(env.hmac.key, raw);
    const ok = await fetch(`${env.sb.restUrl}/v2/balance?${raw}&signature=${good}`, {
      headers: { 'X-KAPI-KEY': env.hmac.key.apiKey },
    });
    expect(ok.status).toBe(200);
    const reenc = await fetch(
      `${env.sb.restUrl}/v2/balance?currencies=krw,btc&timestamp=${T}&signature=${good}`,
      {
        headers: { 'X-KAPI-KEY': env.hmac.key.apiKey },
      },
    );
    expect(reenc.status).toBe(401);
    // the signature may sit anywhere, not only last
    const first = await fetch(`${env.sb.restUrl}/v2/balance?signature=${good}&${raw}`, {
      headers: { 'X-KAPI-KEY': env.hmac.key.apiKey },
    });
    expect(first.status).toBe(200);
  });

  it('rejects a wrong signature, a missing one, an unknown key, a missing key, a missing timestamp', async () => {
    expect(
      msg(await env.hmac.call('GET', '/v2/balance', {}, { timestamp: T, signature: 'ab'.repeat(32) })),
    ).toBe('INVALID_SIGNATURE');
    expect(msg(await env.ed.call('GET', '/v2/balance', {}, { timestamp: T, signature: 'not base64' }))).toBe(
      'INVALID_SIGNATURE',
    );
    const wrongKey = new Client(env.sb.restUrl, {
      apiKey: env.hmac.key.apiKey,
      type: 'hmac',
      secret: 'other',
    });
    const w = await wrongKey.call('GET', '/v2/balance', {}, { timestamp: T });
    expect(w.status).toBe(401);
    expect(msg(w)).toBe('INVALID_SIGNATURE');
    expect(msg(await env.hmac.call('GET', '/v2/balance', {}, { timestamp: T, noSignature: true }))).toBe(
      'NO_SIGNATURE',
    );
    const unknown = new Client(env.sb.restUrl, { ...env.hmac.key, apiKey: 'nope' });
    const u = await unknown.call('GET', '/v2/balance', {}, { timestamp: T });
    expect(u.status).toBe(400);
    expect(msg(u)).toBe('KEY_NOT_FOUND');
    expect(
      msg(await env.hmac.call('GET', '/v2/balance', {}, { timestamp: T, headers: { 'X-KAPI-KEY': '' } })),
    ).toBe('NO_API_KEY');
    const nt = await env.hmac.call('GET', '/v2/balance', {}, { noTimestamp: true });
    expect(nt.status).toBe(400);
    expect(msg(nt)).toBe('NO_TIMESTAMP');
    const unsigned = await fetch(`${env.sb.restUrl}/v2/balance`);
    expect(((await unsigned.json()) as { error: { message: string } }).error.message).toBe('NO_TIMESTAMP');
  });
});

describe('time window', () => {
  it('accepts exactly recvWindow old and rejects one ms older', async () => {
    expect((await env.hmac.call('GET', '/v2/balance', {}, { timestamp: T - 5000 })).status).toBe(200);
    const stale = await env.hmac.call('GET', '/v2/balance', {}, { timestamp: T - 5001 });
    expect(stale.status).toBe(400);
    expect(msg(stale)).toBe('EXCEED_TIME_WINDOW');
    expect(
      (await env.hmac.call('GET', '/v2/balance', {}, { timestamp: T - 60000, recvWindow: 60000 })).status,
    ).toBe(200);
    expect(
      msg(await env.hmac.call('GET', '/v2/balance', {}, { timestamp: T - 3001, recvWindow: 3000 })),
    ).toBe('EXCEED_TIME_WINDOW');
  });

  it('accepts 999 ms ahead and rejects exactly 1000 ms ahead', async () => {
    expect((await env.hmac.call('GET', '/v2/balance', {}, { timestamp: T + 999 })).status).toBe(200);
    expect(msg(await env.hmac.call('GET', '/v2/balance', {}, { timestamp: T + 1000 }))).toBe(
      'EXCEED_TIME_WINDOW',
    );
  });

  it('validates recvWindow', async () => {
    expect(msg(await env.hmac.call('GET', '/v2/balance', {}, { timestamp: T, recvWindow: 60001 }))).toBe(
      'INVALID_RECV_WINDOW',
    );
    expect(msg(await env.hmac.call('GET', '/v2/balance', {}, { timestamp: T, recvWindow: 0 }))).toBe(
      'INVALID_RECV_WINDOW',
    );
  });
});

describe('key restrictions', () => {
  async function key(body: Record<string, unknown>): Promise<Client> {
    const r = await env.admin('/admin/keys', { type: 'hmac-sha256', ...body });
    return new Client(env.sb.restUrl, { apiKey: r.data.apiKey, type: 'hmac', secret: r.data.secret });
  }

  it('PERMISSION_DENIED for a trade-only key on funding; endpoints without a permission still work', async () => {
    const k = await key({ permissions: ['readOrders', 'writeOrders', 'readBalances'] });
    const w = await k.call(
      'POST',
      '/v2/coin/withdrawal',
      { currency: 'btc', amount: '0.001', address: 'x' },
      { timestamp: T },
    );
    expect(w.status).toBe(403);
    expect(msg(w)).toBe('PERMISSION_DENIED');
    expect(msg(await k.call('GET', '/v2/recentAccountTransfers', { accountSeq: 1 }, { timestamp: T }))).toBe(
      'PERMISSION_DENIED',
    );
    expect((await k.call('GET', '/v2/balance', {}, { timestamp: T })).status).toBe(200);
    expect((await k.call('GET', '/v2/accounts', {}, { timestamp: T })).status).toBe(200);
    const none = await key({ permissions: [] });
    expect(msg(await none.call('GET', '/v2/balance', {}, { timestamp: T }))).toBe('PERMISSION_DENIED');
    expect((await none.call('GET', '/v2/currentKeyInfo', {}, { timestamp: T })).status).toBe(200);
    // the fee policy needs order reading (korbit-cli internal/ops/account_ops.go)
    expect(msg(await none.call('GET', '/v2/tradingFeePolicy', {}, { timestamp: T }))).toBe(
      'PERMISSION_DENIED',
    );
  });

  it('ACCOUNT_SEQ_NOT_ALLOWED outside allowedAccountSeqs and for funding on a sub-account', async () => {
    const k = await key({ allowedAccountSeqs: [2] });
    expect(msg(await k.call('GET', '/v2/balance', {}, { timestamp: T }))).toBe('ACCOUNT_SEQ_NOT_ALLOWED');
    expect((await k.call('GET', '/v2/balance', { accountSeq: 2 }, { timestamp: T })).status).toBe(200);
    const sub = await env.hmac.call('GET', '/v2/coin/recentDeposits', { accountSeq: 2 }, { timestamp: T });
    expect(sub.status).toBe(403);
    expect(msg(sub)).toBe('ACCOUNT_SEQ_NOT_ALLOWED');
    expect(msg(await env.hmac.call('GET', '/v2/balance', { accountSeq: 9 }, { timestamp: T }))).toBe(
      'ACCOUNT_SEQ_NOT_ALLOWED',
    );
    const all = await key({ allowedAccountSeqs: [1, 2, 3, 9] });
    expect(msg(await all.call('GET', '/v2/balance', { accountSeq: 9 }, { timestamp: T }))).toBe(
      'ACCOUNT_NOT_FOUND',
    );
    expect(msg(await env.hmac.call('GET', '/v2/myPreventedMatches', {}, { timestamp: T }))).toBe(
      'BAD_REQUEST',
    );
    expect(msg(await env.hmac.call('GET', '/v2/balance', { accountSeq: '-1' }, { timestamp: T }))).toBe(
      'BAD_REQUEST',
    );
  });

  it('IP_NOT_ALLOWED, KEY_EXPIRED, KEY_DEACTIVATED', async () => {
    const ip = await key({ whitelist: ['10.1.2.3'] });
    const r = await ip.call('GET', '/v2/balance', {}, { timestamp: T });
    expect(r.status).toBe(403);
    expect(msg(r)).toBe('IP_NOT_ALLOWED');
    const ipOk = await key({ whitelist: ['10.1.2.3', '127.0.0.1'] });
    expect((await ipOk.call('GET', '/v2/balance', {}, { timestamp: T })).status).toBe(200);
    const exp = await key({ expiration: T - 1 });
    expect(msg(await exp.call('GET', '/v2/balance', {}, { timestamp: T }))).toBe('KEY_EXPIRED');
    const d = await key({});
    expect((await d.call('GET', '/v2/balance', {}, { timestamp: T })).status).toBe(200);
    await env.admin('/admin/keys/update', { apiKey: d.key.apiKey, status: 'deactivated' });
    expect(msg(await d.call('GET', '/v2/balance', {}, { timestamp: T }))).toBe('KEY_DEACTIVATED');
  });

  it('accepts a user-supplied ED25519 public key (the sandbox never sees the private key)', async () => {
    const pair = crypto.generateKeyPairSync('ed25519');
    const pem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const r = await env.admin('/admin/keys', { type: 'ed25519', publicKeyPem: pem });
    expect(r.data.privateKeyPem).toBeUndefined();
    const c = new Client(env.sb.restUrl, {
      apiKey: r.data.apiKey,
      type: 'ed25519',
      privateKeyPem: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    });
    expect((await c.call('GET', '/v2/balance', {}, { timestamp: T })).status).toBe(200);
  });

  it('the private WebSocket handshake can reuse auth.verify', () => {
    const q = `timestamp=${T}`;
    const sig = sign(env.hmac.key, q);
    const v = env.sb.context.auth.verify({
      apiKey: env.hmac.key.apiKey,
      rawQuery: `${q}&signature=${sig}`,
      rawBody: '',
      ip: '127.0.0.1',
    });
    expect(v.ok).toBe(true);
    const bad = env.sb.context.auth.verify({
      apiKey: env.hmac.key.apiKey,
      rawQuery: `${q}&signature=00`,
      rawBody: '',
      ip: '127.0.0.1',
    });
    expect(bad.ok).toBe(false);
  });
});
