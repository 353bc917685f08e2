// POST /api/profiles for a live exchange (issue 18 item 9): a key is kept encrypted unless the user chose a
// plain file; the keystore's state is told to Settings (keystoreEncrypted).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_HMAC_2, type FakeUpstream, startFakeUpstream } from '../testing/fakeUpstream.js';
import { startTestProxy, type TestProxy } from '../testing/harness.js';

let fake: FakeUpstream;
let t: TestProxy;
beforeEach(async () => {
  fake = await startFakeUpstream();
  t = await startTestProxy(fake);
});
afterEach(async () => {
  await t.proxy.close();
  await fake.close();
});

// 0.0.0.0 reaches the fake upstream on this host, yet it is not a loopback name: the proxy treats it as live
const liveUrl = () => fake.url.replace('127.0.0.1', '0.0.0.0');
const liveKey = () => ({
  label: 'live',
  apiKey: FAKE_HMAC_2.apiKey,
  type: 'hmac-sha256',
  secret: FAKE_HMAC_2.secret,
  upstream: liveUrl(),
});
const keystoreBytes = () => readFileSync(join(t.configDir, 'keystore.json'));

describe('adding a key for the live exchange', () => {
  it('without a passphrase and without choosing a plain file is refused with a code; nothing is asked or saved', async () => {
    const keyChecks = () => fake.requests.filter((q) => q.path === '/v2/currentKeyInfo').length;
    const asked = keyChecks();
    const r = await t.api('POST', '/api/profiles', { body: liveKey() });
    expect(r.status).toBe(400);
    expect(r.json.error.message).toBe('KEYSTORE_PASSPHRASE_REQUIRED');
    expect(keyChecks()).toBe(asked);
    expect(keystoreBytes().includes(FAKE_HMAC_2.apiKey)).toBe(false);
    const short = await t.api('POST', '/api/profiles', { body: { ...liveKey(), passphrase: 'short' } });
    expect(short.json.error.message).toBe('PASSPHRASE_TOO_SHORT');
  });

  it('with a passphrase seals the keystore: no secret in clear on disk; then nothing more is asked', async () => {
    const before = await t.api('GET', '/api/profiles');
    expect(before.json.data.keystoreEncrypted).toBe(false);
    const r = await t.api('POST', '/api/profiles', { body: { ...liveKey(), passphrase: 'correct horse' } });
    expect(r.status).toBe(200);
    expect(r.json.data.keystoreEncrypted).toBe(true);
    const bytes = keystoreBytes();
    expect(bytes.includes(FAKE_HMAC_2.secret)).toBe(false);
    expect(bytes.includes(FAKE_HMAC_2.apiKey)).toBe(false);
    expect(bytes.includes('correct horse')).toBe(false);
    expect(JSON.parse(bytes.toString('utf8')).encrypted.kdf).toBe('scrypt');
    // the passphrase is in effect: the same key again needs no passphrase
    const again = await t.api('POST', '/api/profiles', { body: liveKey() });
    expect(again.status).toBe(200);
    expect(t.logs.join('\n')).not.toContain('correct horse');
  });

  it('with an explicit plain choice is stored unencrypted; a sandbox key never asks', async () => {
    const plain = await t.api('POST', '/api/profiles', { body: { ...liveKey(), storePlain: true } });
    expect(plain.status).toBe(200);
    expect(plain.json.data.keystoreEncrypted).toBe(false);
    expect(keystoreBytes().includes(FAKE_HMAC_2.secret)).toBe(true);
    const sandbox = await t.api('POST', '/api/profiles', { body: { ...liveKey(), upstream: undefined } });
    expect(sandbox.status).toBe(200);
  });
});
