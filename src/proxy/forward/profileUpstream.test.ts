// A profile pinned to its own upstream (`key add --upstream ...`): its REST calls and its private
// WebSocket go there, everything else to the proxy's upstream.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_HMAC, type FakeUpstream, startFakeUpstream } from '../testing/fakeUpstream.js';
import { startTestProxy, type TestProxy } from '../testing/harness.js';

let main: FakeUpstream;
let other: FakeUpstream;
let t: TestProxy;
let pinned = '';

beforeAll(async () => {
  main = await startFakeUpstream();
  other = await startFakeUpstream();
  t = await startTestProxy(main);
  // adding a known API key again updates its profile: this pins the HMAC profile to `other`
  const p = t.proxy.internals.keystore.add({
    label: 'pinned',
    apiKey: FAKE_HMAC.apiKey,
    type: 'hmac-sha256',
    secret: FAKE_HMAC.secret,
    upstream: other.url,
  });
  pinned = p.id;
});
afterAll(async () => {
  await t.proxy.close();
  await main.close();
  await other.close();
});

describe('per-profile upstream', () => {
  it('sends the pinned profile to its upstream, REST and private WebSocket', async () => {
    const count = (u: FakeUpstream) => u.requests.filter((q) => q.path === '/v2/balance').length;
    const m0 = count(main);
    const o0 = count(other);
    expect((await t.api('GET', '/api/v2/balance', { headers: { 'x-profile': pinned } })).status).toBe(200);
    expect(count(other) - o0).toBe(1);
    expect(count(main) - m0).toBe(0);
    expect(
      (await t.api('GET', '/api/v2/balance', { headers: { 'x-profile': 'sandbox-ed25519' } })).status,
    ).toBe(200);
    expect(count(main) - m0).toBe(1);

    const ws = await t.ws(`/ws/private?profile=${pinned}`);
    ws.send([{ requestId: 1, method: 'subscribe', type: 'myOrder' }]);
    await ws.waitFor((m) => m.requestId === 1 && m.status === 'success');
    expect(other.privateSockets.size).toBe(1);
    expect(main.privateSockets.size).toBe(0);
    ws.close();
  });
});
