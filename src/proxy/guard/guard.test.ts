import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProxy } from '../index.js';
import { type FakeUpstream, startFakeUpstream } from '../testing/fakeUpstream.js';
import { openSocket, startTestProxy, type TestProxy, tempDir } from '../testing/harness.js';
import { rawRequest } from '../testing/rawRequest.js';
import { allowedHostSet, checkHost } from './hosts.js';
import { readCookie } from './token.js';

let fake: FakeUpstream;
let t: TestProxy;
let port: string;
let staticDir: string;

beforeAll(async () => {
  fake = await startFakeUpstream();
  const parent = tempDir('kapi-static-');
  writeFileSync(join(parent, 'secret.txt'), 'TOPSECRET-OUTSIDE');
  staticDir = join(parent, 'dist');
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>dash</title>');
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'assets', 'app-123.js'), 'console.log(1)');
  writeFileSync(join(staticDir, 'assets', 'app-123.css'), 'body{}');
  t = await startTestProxy(fake, { staticDir });
  port = new URL(t.proxy.url).port;
});
afterAll(async () => {
  await t.proxy.close();
  await fake.close();
});

const cookie = () => `kapi_session=${t.proxy.token}`;

describe('Host header (DNS rebinding)', () => {
  it('accepts exactly the loopback host:port values', () => {
    const allowed = allowedHostSet('127.0.0.1', 8787);
    expect(checkHost('127.0.0.1:8787', allowed)).toBe('127.0.0.1:8787');
    expect(checkHost('localhost:8787', allowed)).toBe('localhost:8787');
    expect(checkHost('[::1]:8787', allowed)).toBe('[::1]:8787');
    for (const bad of [
      'evil.com',
      'evil.com:8787',
      '127.0.0.1',
      '127.0.0.1:8788',
      '127.0.0.1:8787.evil.com',
      'localhost:8787@evil.com',
      'localhost.evil.com:8787',
      '127.0.0.1:8787/x',
      '127.0.0.2:8787',
      '',
      undefined,
    ]) {
      expect(checkHost(bad, allowed)).toBeNull();
    }
  });

  it('refuses a request with a foreign Host', async () => {
    for (const host of ['evil.example:80', `attacker.test:${port}`, `127.0.0.1:${port}.evil.test`]) {
      const r = await rawRequest(t.proxy.url, { path: '/api/session', headers: { host, cookie: cookie() } });
      expect(r.status).toBe(421);
      expect(JSON.parse(r.text).error.message).toBe('BAD_HOST');
    }
    const st = await rawRequest(t.proxy.url, { path: '/', headers: { host: 'evil.example' } });
    expect(st.status).toBe(421);
  });
});

describe('Origin, Sec-Fetch-Site, token, content type', () => {
  it('refuses a foreign Origin on reads and writes', async () => {
    const r = await t.api('GET', '/api/session', { headers: { origin: 'https://evil.example' } });
    expect(r.status).toBe(403);
    expect(r.json.error.message).toBe('FORBIDDEN_ORIGIN');
    const w = await t.api('POST', '/api/v2/orders', {
      body: { symbol: 'btc_krw' },
      headers: { origin: `http://localhost:${Number(port) + 1}` },
    });
    expect(w.status).toBe(403);
    const n = await t.api('GET', '/api/session', { headers: { origin: 'null' } });
    expect(n.status).toBe(403);
  });

  it('requires Origin on writes', async () => {
    const before = fake.orders.length;
    const r = await t.api('POST', '/api/v2/orders', {
      body: { symbol: 'btc_krw', side: 'buy' },
      headers: { origin: '' },
    });
    expect(r.status).toBe(403);
    expect(r.json.error.message).toBe('FORBIDDEN_ORIGIN');
    expect(fake.orders.length).toBe(before);
  });

  it('refuses cross-site and same-site Sec-Fetch-Site', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const r = await t.api('GET', '/api/session', { headers: { 'sec-fetch-site': site } });
      expect(r.status).toBe(403);
    }
    const ok = await t.api('GET', '/api/session', { headers: { 'sec-fetch-site': 'same-origin' } });
    expect(ok.status).toBe(200);
  });

  it('refuses a form content type on writes (cross-site form post)', async () => {
    for (const ct of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
      const r = await t.api('POST', '/api/v2/orders', {
        body: 'symbol=btc_krw&side=buy',
        headers: { 'content-type': ct },
      });
      expect(r.status).toBe(415);
      expect(r.json.error.message).toBe('UNSUPPORTED_CONTENT_TYPE');
    }
  });

  it('refuses a missing or wrong session token', async () => {
    const missing = await t.api('GET', '/api/session', { headers: { cookie: '' } });
    expect(missing.status).toBe(401);
    expect(missing.json.error.message).toBe('UNAUTHORIZED_SESSION');
    const wrong = await t.api('GET', '/api/session', { headers: { cookie: 'kapi_session=nope' } });
    expect(wrong.status).toBe(401);
    const almost = await t.api('GET', '/api/session', {
      headers: { cookie: `kapi_session=${t.proxy.token.slice(0, -1)}x` },
    });
    expect(almost.status).toBe(401);
    const header = await t.api('GET', '/api/session', {
      headers: { cookie: '', 'x-session-token': t.proxy.token },
    });
    expect(header.status).toBe(200);
  });

  it('accepts a body-less DELETE without Content-Type but with Origin', async () => {
    const r = await t.api('DELETE', '/api/v2/orders?symbol=btc_krw&orderId=1');
    expect(r.status).toBe(200);
    const noOrigin = await t.api('DELETE', '/api/v2/orders?symbol=btc_krw&orderId=1', {
      headers: { origin: '' },
    });
    expect(noOrigin.status).toBe(403);
  });
});

describe('start URL and session cookie', () => {
  it('sets an HttpOnly SameSite=Strict cookie and strips the token by redirect', async () => {
    const r = await rawRequest(t.proxy.url, { path: `/?token=${t.proxy.token}` });
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe('/');
    const setCookie = String(r.headers['set-cookie']);
    expect(setCookie).toContain(`kapi_session=${t.proxy.token}`);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/');
  });

  it('refuses a wrong start token', async () => {
    const r = await rawRequest(t.proxy.url, { path: '/?token=wrong' });
    expect(r.status).toBe(401);
    expect(r.headers['set-cookie']).toBeUndefined();
  });
});

describe('WebSocket upgrades', () => {
  const wsUrl = () => `${t.proxy.url.replace('http', 'ws')}/ws/public`;
  it('refuses a foreign Origin', async () => {
    await expect(openSocket(wsUrl(), { origin: 'https://evil.example', cookie: cookie() })).rejects.toThrow(
      /403/,
    );
  });
  it('refuses a missing Origin', async () => {
    await expect(openSocket(wsUrl(), { cookie: cookie() })).rejects.toThrow(/403/);
  });
  it('refuses a missing token', async () => {
    await expect(openSocket(wsUrl(), { origin: t.proxy.url })).rejects.toThrow(/401/);
  });
  it('refuses a bad Host', async () => {
    await expect(
      openSocket(wsUrl(), { origin: t.proxy.url, cookie: cookie(), host: 'evil.example' }),
    ).rejects.toThrow(/421/);
  });
  it('accepts the proxy origin with the cookie', async () => {
    const s = await openSocket(wsUrl(), { origin: t.proxy.url, cookie: cookie() });
    s.close();
  });
});

describe('static files', () => {
  it('serves the SPA with content types, security headers and index fallback', async () => {
    const idx = await rawRequest(t.proxy.url, { path: '/' });
    expect(idx.status).toBe(200);
    expect(idx.headers['content-type']).toContain('text/html');
    expect(idx.headers['x-frame-options']).toBe('DENY');
    expect(String(idx.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    const js = await rawRequest(t.proxy.url, { path: '/assets/app-123.js' });
    expect(js.headers['content-type']).toContain('text/javascript');
    const css = await rawRequest(t.proxy.url, { path: '/assets/app-123.css' });
    expect(css.headers['content-type']).toContain('text/css');
    const route = await rawRequest(t.proxy.url, { path: '/trade/btc_krw' });
    expect(route.status).toBe(200);
    expect(route.text).toContain('<title>dash</title>');
    const missing = await rawRequest(t.proxy.url, { path: '/assets/missing.js' });
    expect(missing.status).toBe(404);
  });

  it('never serves files outside staticDir', async () => {
    for (const path of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/assets/../../secret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/%00',
      '/..\\secret.txt',
    ]) {
      const r = await rawRequest(t.proxy.url, { path });
      expect(r.text).not.toContain('TOPSECRET');
    }
  });
});

describe('listening address', () => {
  it('refuses a non-loopback address unless forced', async () => {
    await expect(
      createProxy({
        host: '0.0.0.0',
        port: 0,
        configDir: tempDir(),
        upstream: {
          name: 'custom',
          restUrl: fake.url,
          wsPublicUrl: fake.wsPublicUrl,
          wsPrivateUrl: fake.wsPrivateUrl,
        },
      }),
    ).rejects.toThrow(/loopback/);
  });
});

describe('dev server origin', () => {
  it('accepts a configured loopback dev origin (Vite proxy) and nothing else', async () => {
    const dev = await startTestProxy(fake, { devOrigins: ['http://127.0.0.1:5173'] });
    try {
      const ok = await rawRequest(dev.proxy.url, {
        method: 'POST',
        path: '/api/profiles/sandbox-hmac/default',
        headers: {
          host: '127.0.0.1:5173',
          origin: 'http://127.0.0.1:5173',
          'content-type': 'application/json',
          cookie: `kapi_session=${dev.proxy.token}`,
        },
        body: '{}',
      });
      expect(ok.status).toBe(200);
      const bad = await rawRequest(dev.proxy.url, {
        path: '/api/session',
        headers: { host: '127.0.0.1:5174', cookie: `kapi_session=${dev.proxy.token}` },
      });
      expect(bad.status).toBe(421);
    } finally {
      await dev.proxy.close();
    }
    await expect(startTestProxy(fake, { devOrigins: ['http://evil.example:5173'] })).rejects.toThrow(
      /loopback/,
    );
  });
});

describe('readCookie', () => {
  it('finds a cookie among others, trimmed, and nothing for a near name', () => {
    expect(readCookie('a=1; kapi_session=tok=en ;b=2', 'kapi_session')).toBe('tok=en');
    expect(readCookie('kapi_session=x', 'kapi_session')).toBe('x');
    expect(readCookie('xkapi_session=1; kapi_sessionx=2; novalue; ', 'kapi_session')).toBeUndefined();
    expect(readCookie('novalue;kapi_session=', 'kapi_session')).toBe('');
    expect(readCookie('', 'kapi_session')).toBeUndefined();
    expect(readCookie('a=1;', 'a')).toBe('1');
  });
});
