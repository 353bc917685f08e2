import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeUpstream } from '../testing/fakeUpstream.js';
import { sleep, startTestProxy, tempDir } from '../testing/harness.js';
import { loadOrCreateSessionToken, rotateSessionToken, sessionTokenPath } from './sessionSecret.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

describe('session token kept with the keystore', () => {
  it('is created once with mode 0600 and read back unchanged; rotate replaces it', () => {
    const dir = tempDir();
    const a = loadOrCreateSessionToken(dir);
    expect(statSync(sessionTokenPath(dir)).mode & 0o777).toBe(0o600);
    expect(loadOrCreateSessionToken(dir)).toBe(a);
    const b = rotateSessionToken(dir);
    expect(b).not.toBe(a);
    expect(loadOrCreateSessionToken(dir)).toBe(b);
    expect(statSync(sessionTokenPath(dir)).mode & 0o777).toBe(0o600);
  });

  it('a malformed file is replaced by a fresh token', () => {
    const dir = tempDir();
    loadOrCreateSessionToken(dir);
    writeFileSync(sessionTokenPath(dir), 'short\n');
    const t = loadOrCreateSessionToken(dir);
    expect(t).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(readFileSync(sessionTokenPath(dir), 'utf8').trim()).toBe(t);
  });

  it('a restarted proxy on the same directory accepts the old cookie; a rotated token ends it live', async () => {
    const fake = await startFakeUpstream();
    closers.push(() => fake.close());
    const dir = tempDir();
    const first = await startTestProxy(fake, { configDir: dir, token: undefined });
    const oldToken = first.proxy.token;
    expect((await first.api('GET', '/api/session')).status).toBe(200);
    await first.proxy.close();

    const second = await startTestProxy(fake, { configDir: dir, token: undefined });
    closers.push(() => second.proxy.close());
    expect(second.proxy.token).toBe(oldToken);
    expect((await second.api('GET', '/api/session')).status).toBe(200);
    expect(second.logs.join('\n')).not.toContain(oldToken);

    const next = rotateSessionToken(dir);
    await expect.poll(() => second.proxy.token, { timeout: 5000 }).toBe(next);
    const stale = await fetch(`${second.proxy.url}/api/session`, {
      headers: { cookie: `kapi_session=${oldToken}` },
    });
    expect(stale.status).toBe(401);
    expect((await second.api('GET', '/api/session')).status).toBe(200);
  });

  it('a rotated token closes the sockets of the old session at once (4401 SESSION_ENDED), and they cannot come back', async () => {
    const fake = await startFakeUpstream();
    closers.push(() => fake.close());
    const dir = tempDir();
    const t = await startTestProxy(fake, { configDir: dir, token: undefined });
    closers.push(() => t.proxy.close());
    const oldCookie = `kapi_session=${t.proxy.token}`;
    const sockets = [await t.ws('/ws/public'), await t.ws('/ws/private')];
    const closed = sockets.map(
      (s) => new Promise<number>((resolve) => s.ws.once('close', (code) => resolve(code))),
    );
    // Nothing is closed before the rotation.
    await sleep(100);
    expect(sockets.every((s) => s.ws.readyState === s.ws.OPEN)).toBe(true);

    rotateSessionToken(dir);
    expect(await Promise.all(closed)).toEqual([4401, 4401]);
    for (const s of sockets) await s.waitFor((m) => m.type === 'proxy' && m.reason === 'SESSION_ENDED');
    await expect(t.ws('/ws/public', { cookie: oldCookie })).rejects.toThrow('HTTP 401');
    expect(t.logs.join('\n')).toContain('closed 2 browser socket(s) of the old session');
    // The new session connects as before.
    const fresh = await t.ws('/ws/public');
    expect(fresh.ws.readyState).toBe(fresh.ws.OPEN);
    fresh.close();
  });
});
