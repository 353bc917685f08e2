// biome-ignore-all lint/suspicious/noExplicitAny: admin answers and refusal bodies are read loosely in tests
// The private handshake refused as the live service refuses it: the code's HTTP status and the JSON
// error envelope, for real key states and for the admin switch (POST /admin/ws/refusePrivate).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hmacKey, type Sandbox, signedQuery, startSandbox, WsClient } from './testkit.js';

let sbx: Sandbox;
beforeAll(async () => {
  sbx = await startSandbox({ seed: 3 });
});
afterAll(async () => {
  await sbx.close();
});

async function admin(path: string, body?: unknown) {
  const res = await fetch(`${sbx.adminUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { success: boolean; data?: any } };
}

/** One private handshake with the demo key: null when it opened, else the refusal's status and body. */
async function handshake(k = hmacKey(sbx)): Promise<{ status: number; body: any } | null> {
  const r = await WsClient.connect(`${sbx.wsPrivateUrl}?${signedQuery(k.key)}`, {
    'X-KAPI-KEY': k.apiKey,
  }).then(
    async (c) => {
      await c.close();
      return null;
    },
    (e: { status?: number; body?: string }) => ({
      status: e.status ?? 0,
      body: JSON.parse(e.body ?? 'null'),
    }),
  );
  return r;
}

describe('private handshake refusals', () => {
  it('answers a deactivated and an expired key with 401 and the envelope carrying the code', async () => {
    const k = hmacKey(sbx);
    expect(await handshake(k)).toBeNull();
    await admin('/keys/update', { apiKey: k.apiKey, status: 'deactivated' });
    expect(await handshake(k)).toEqual({
      status: 401,
      body: {
        success: false,
        error: { code: 401, message: 'KEY_DEACTIVATED', description: expect.any(String) },
      },
    });
    await admin('/keys/update', { apiKey: k.apiKey, status: 'activated', expiration: Date.now() - 1000 });
    expect(await handshake(k)).toMatchObject({
      status: 401,
      body: { success: false, error: { code: 401, message: 'KEY_EXPIRED' } },
    });
    await admin('/keys/update', { apiKey: k.apiKey, expiration: Date.now() + 86_400_000 });
    expect(await handshake(k)).toBeNull();
  });

  it('the admin switch refuses every private handshake with its code until switched off, and counts them', async () => {
    const before = (await admin('/ws/refusePrivate')).json.data;
    expect(before).toMatchObject({ code: null });
    const on = await admin('/ws/refusePrivate', { code: 'KEY_EXPIRED' });
    expect(on.json.data).toMatchObject({ code: 'KEY_EXPIRED' });
    for (let i = 0; i < 2; i++)
      expect(await handshake()).toEqual({
        status: 401,
        body: { success: false, error: { code: 401, message: 'KEY_EXPIRED' } },
      });
    await admin('/ws/refusePrivate', { code: 'IP_NOT_ALLOWED' });
    expect(await handshake()).toMatchObject({ status: 403, body: { error: { message: 'IP_NOT_ALLOWED' } } });
    const off = await admin('/ws/refusePrivate', { code: null });
    expect(off.json.data).toMatchObject({
      code: null,
      attempts: before.attempts + 3,
      refused: before.refused + 3,
    });
    expect(await handshake()).toBeNull();
    // the public stream is never refused by it
    await admin('/ws/refusePrivate', { code: 'KEY_EXPIRED' });
    const pub = await WsClient.connect(sbx.wsPublicUrl);
    expect(pub.closed).toBe(false);
    await pub.close();
    await admin('/ws/refusePrivate', { code: null });
  });

  it('count refuses only the next N handshakes (a time-window refusal once)', async () => {
    await admin('/ws/refusePrivate', { code: 'EXCEED_TIME_WINDOW', count: 1 });
    expect(await handshake()).toMatchObject({
      status: 400,
      body: { error: { message: 'EXCEED_TIME_WINDOW' } },
    });
    expect(await handshake()).toBeNull();
    expect((await admin('/ws/refusePrivate')).json.data.code).toBeNull();
  });

  it('refuses unknown codes and bad counts with BAD_REQUEST', async () => {
    const a = await admin('/ws/refusePrivate', { code: 'NO_SUCH_CODE' });
    expect(a.status).toBe(400);
    const b = await admin('/ws/refusePrivate', { code: 'KEY_EXPIRED', count: 0 });
    expect(b.status).toBe(400);
    expect((await admin('/ws/refusePrivate')).json.data.code).toBeNull();
  });
});
