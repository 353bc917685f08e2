import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redactor } from '../log.js';
import { rawRequest } from '../testing/rawRequest.js';
import { type Stack, startSandboxStack } from './sandboxHarness.js';

let s: Stack;
beforeAll(async () => {
  // the access log on, so its lines are scanned too
  s = await startSandboxStack({ relayBackoff: { baseMs: 50, capMs: 200 }, accessLog: true });
});
afterAll(async () => {
  await s?.close();
});

const EXTRA_SECRET = 'added-through-the-api-SECRET-9f8e7d';
const EXTRA_KEY = 'api-added-key-77665544';

describe('no secret in any response, log line or error message', () => {
  it('scans a busy session', async () => {
    const seen: string[] = [];
    // the upstream's own key-info record names its API key (an identifier, not a signing secret);
    // it is passed unchanged, so API keys are checked everywhere except in that envelope
    const keyInfo: string[] = [];
    const record = (r: { text: string; headers: Headers }) => {
      if (r.text.includes('"userUuid"')) {
        keyInfo.push(r.text);
        return;
      }
      seen.push(r.text);
      for (const [k, v] of r.headers) seen.push(`${k}: ${v}`);
    };
    const calls: [string, string, unknown?, Record<string, string>?][] = [
      ['GET', '/api/session'],
      ['GET', '/api/profiles'],
      ['GET', '/api/v2/balance'],
      ['GET', '/api/v2/balance', undefined, { 'x-profile': 'sandbox-ed25519' }],
      ['GET', '/api/v2/currentKeyInfo'],
      ['GET', '/api/v2/currentKeyInfo', undefined, { 'x-profile': 'sandbox-ed25519' }],
      [
        'POST',
        '/api/v2/orders',
        { symbol: 'btc_krw', side: 'buy', orderType: 'limit', price: '100000000', qty: '0.0001' },
      ],
      [
        'POST',
        '/api/v2/orders',
        { symbol: 'btc_krw', side: 'buy', orderType: 'limit', price: '1', qty: '1' },
      ],
      ['GET', '/api/v2/orders?symbol=btc_krw&clientOrderId=missing-1'],
      ['GET', '/api/v2/nope'],
      [
        'POST',
        '/api/profiles',
        { apiKey: EXTRA_KEY, type: 'hmac-sha256', secret: EXTRA_SECRET, label: 'extra' },
      ],
      ['POST', '/api/profiles', { apiKey: EXTRA_KEY, type: 'ed25519', privateKeyPem: EXTRA_SECRET }],
      ['POST', '/api/profiles', { apiKey: EXTRA_SECRET, type: 'bogus', secret: EXTRA_SECRET }],
      ['GET', '/api/journal'],
      ['GET', '/api/ratelimits'],
      ['GET', '/api/v2/balance', undefined, { 'x-profile': 'does-not-exist' }],
    ];
    for (const [m, p, body, headers] of calls) record(await s.t.api(m, p, { body, headers }));
    // faults: post-commit 500 and a rate limit, so warning paths log too
    await s.admin('/faults', { classes: { order: { afterCommit: { count: 1, status: 500 } } } });
    record(
      await s.t.api('POST', '/api/v2/orders', {
        body: { symbol: 'btc_krw', side: 'sell', orderType: 'limit', price: '200000000', qty: '0.0001' },
      }),
    );
    await s.admin('/faults/reset', {});
    // guard refusals
    record(await s.t.api('GET', '/api/session', { headers: { cookie: 'kapi_session=wrong' } }));
    record(
      await s.t.api('POST', '/api/v2/orders', { body: 'a=b', headers: { 'content-type': 'text/plain' } }),
    );
    // WebSockets, with reconnects
    const p = await s.t.ws('/ws/private?profile=sandbox-hmac');
    p.send([{ requestId: 1, method: 'subscribe', type: 'myOrder' }]);
    await p.waitFor((m) => m.requestId === 1);
    await s.admin('/faults/ws', { action: 'drop', target: 'all' });
    await p.waitFor((m) => m.event === 'resumed', 5000);
    p.close();
    const st = await rawRequest(s.t.proxy.url, { path: '/?token=wrong' });
    seen.push(st.text, JSON.stringify(st.headers));

    const creds = s.sbx.credentials;
    const pemBody = creds.ed25519.privateKeyPem.split('\n').filter((l) => l && !l.startsWith('-----'));
    const secrets = [
      creds.hmac.secret,
      creds.hmac.apiKey,
      creds.ed25519.apiKey,
      ...pemBody,
      EXTRA_SECRET,
      EXTRA_KEY,
      s.t.proxy.token,
    ];
    expect(keyInfo).toHaveLength(2);
    for (const text of keyInfo) {
      for (const secret of [creds.hmac.secret, ...pemBody, s.t.proxy.token])
        expect(text.includes(secret)).toBe(false);
    }
    const logs = [...s.t.logs];
    expect(logs.length).toBeGreaterThan(10);
    for (const secret of secrets) {
      for (const text of [...seen, ...logs])
        expect(text.includes(secret), `leak of ${secret.slice(0, 4)}… in ${text.slice(0, 300)}`).toBe(false);
    }
    for (const line of logs) {
      expect(line).not.toMatch(/signature=(?!\[REDACTED\])/);
      expect(line).not.toMatch(/BEGIN [A-Z ]*PRIVATE KEY/);
    }
  });

  it('the redactor removes known secrets and generic shapes', () => {
    const r = new Redactor();
    r.add('super-secret-value');
    const out = r.redact(
      'x super-secret-value y super%2Dsecret-value signature=abc%3D&timestamp=1 token=TT X-KAPI-KEY: kkkkkk ' +
        '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY----- {"secret":"s"}',
    );
    expect(out).not.toContain('super-secret-value');
    expect(out).not.toContain('abc%3D');
    expect(out).not.toContain('TT');
    expect(out).not.toContain('kkkkkk');
    expect(out).not.toContain('AAAA');
    expect(out).not.toContain('"s"');
  });
});
