// The clock offset is refreshed periodically (not only on EXCEED_TIME_WINDOW), and the configured
// recvWindow is what the proxy signs and sends.
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeUpstream, startFakeUpstream } from '../testing/fakeUpstream.js';
import { sleep, startTestProxy, type TestProxy } from '../testing/harness.js';

let fake: FakeUpstream | undefined;
let t: TestProxy | undefined;
afterEach(async () => {
  await t?.proxy.close();
  await fake?.close();
  t = undefined;
  fake = undefined;
});

describe('clock refresh and recvWindow', () => {
  it('re-syncs on its period: a drifted exchange clock is followed without a failed request', async () => {
    fake = await startFakeUpstream();
    t = await startTestProxy(fake, { clockRefreshMs: 100 });
    await t.api('GET', '/api/v2/balance');
    const before = fake.requests.filter((q) => q.path === '/v2/time').length;
    fake.skewMs = 15_000;
    await sleep(400);
    expect(fake.requests.filter((q) => q.path === '/v2/time').length - before).toBeGreaterThanOrEqual(2);
    const s = await t.api('GET', '/api/session');
    expect(Math.abs(s.json.clockOffsetMs - 15_000)).toBeLessThan(1000);
    const n = fake.requests.filter((q) => q.path === '/v2/balance').length;
    expect((await t.api('GET', '/api/v2/balance')).status).toBe(200);
    // one request, no EXCEED_TIME_WINDOW retry needed
    expect(fake.requests.filter((q) => q.path === '/v2/balance').length - n).toBe(1);
  });

  it('signs and sends the configured recvWindow', async () => {
    fake = await startFakeUpstream();
    t = await startTestProxy(fake, { recvWindow: 12_345 });
    expect((await t.api('GET', '/api/v2/balance')).status).toBe(200);
    const raw = fake.requests.filter((q) => q.path === '/v2/balance').at(-1)!.raw;
    expect(new URLSearchParams(raw).get('recvWindow')).toBe('12345');
    expect(raw.indexOf('recvWindow=')).toBeLessThan(raw.indexOf('signature='));
  });
});
