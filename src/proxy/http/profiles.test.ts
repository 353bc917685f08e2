import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_ED, type FakeUpstream, startFakeUpstream } from '../testing/fakeUpstream.js';
import { startTestProxy, type TestProxy } from '../testing/harness.js';

let fake: FakeUpstream;
let t: TestProxy;
beforeAll(async () => {
  fake = await startFakeUpstream();
  t = await startTestProxy(fake);
});
afterAll(async () => {
  await t.proxy.close();
  await fake.close();
});

describe('/api/profiles', () => {
  it('lists, adds (write-only secret), sets default and removes', async () => {
    const list = await t.api('GET', '/api/profiles');
    expect(list.json.data.profiles.map((p: { id: string }) => p.id)).toEqual([
      'sandbox-hmac',
      'sandbox-ed25519',
    ]);
    expect(list.json.data.defaultProfileId).toBe('sandbox-hmac');

    const add = await t.api('POST', '/api/profiles', {
      body: {
        label: 'desk',
        apiKey: 'desk-key-0123456789',
        type: 'ed25519',
        privateKeyPem: FAKE_ED.privateKeyPem,
      },
    });
    expect(add.status).toBe(200);
    expect(add.json.data.profile).toEqual({
      id: expect.stringMatching(/^p-[0-9a-f]{8}$/),
      label: 'desk',
      type: 'ed25519',
      apiKeyHint: 'desk…6789',
      allowWithdrawals: false,
    });
    expect(add.text).not.toContain('PRIVATE KEY');
    const id = add.json.data.profile.id;

    const def = await t.api('POST', `/api/profiles/${id}/default`, { body: {} });
    expect(def.json.data.defaultProfileId).toBe(id);
    const session = await t.api('GET', '/api/session');
    expect(session.json.defaultProfileId).toBe(id);

    const del = await t.api('DELETE', `/api/profiles/${id}`);
    expect(del.status).toBe(200);
    expect(del.json.data.profiles.some((p: { id: string }) => p.id === id)).toBe(false);
    expect(del.json.data.defaultProfileId).toBe('sandbox-hmac');
  });

  it('refuses bad input and unknown ids', async () => {
    const badPem = await t.api('POST', '/api/profiles', {
      body: { apiKey: 'k-1234567', type: 'ed25519', privateKeyPem: 'not a pem' },
    });
    expect(badPem.status).toBe(400);
    expect(badPem.json.error.message).toBe('BAD_REQUEST');
    const noSecret = await t.api('POST', '/api/profiles', {
      body: { apiKey: 'k-1234567', type: 'hmac-sha256' },
    });
    expect(noSecret.status).toBe(400);
    expect((await t.api('DELETE', '/api/profiles/nope')).status).toBe(404);
    expect((await t.api('POST', '/api/profiles/nope/default', { body: {} })).status).toBe(404);
    expect((await t.api('PUT', '/api/profiles', { body: {} })).status).toBe(405);
  });
});
