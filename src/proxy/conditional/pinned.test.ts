// A key profile pinned to another exchange cannot arm conditional orders: the engine watches the
// proxy's own upstream only, and would judge the wrong market.
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
  pinned = t.proxy.internals.keystore.add({
    label: 'pinned',
    apiKey: FAKE_HMAC.apiKey,
    type: 'hmac-sha256',
    secret: FAKE_HMAC.secret,
    upstream: other.url,
  }).id;
});
afterAll(async () => {
  await t.proxy.close();
  await main.close();
  await other.close();
});

describe('conditional orders and pinned profiles', () => {
  it('refuses to arm for a profile pinned to another upstream, and stores nothing', async () => {
    const definition = {
      kind: 'stop',
      symbol: 'btc_krw',
      onGap: 'fire',
      legs: [
        {
          kind: 'trigger',
          trigger: { type: 'cross', direction: 'down', level: '1000' },
          order: { side: 'sell', orderType: 'market', qty: '1' },
        },
      ],
    };
    const r = await t.api('POST', '/api/conditional', {
      headers: { 'x-profile': pinned },
      body: { definition },
    });
    expect(r.status).toBe(400);
    expect(r.json.error.message).toBe('UPSTREAM_NOT_WATCHED');
    expect((await t.api('GET', '/api/conditional')).json.data.entries).toEqual([]);
  });
});
