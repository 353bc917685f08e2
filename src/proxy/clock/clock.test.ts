import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, startFakeUpstream } from '../testing/fakeUpstream.js';
import { startTestProxy, type TestProxy } from '../testing/harness.js';

let fake: FakeUpstream;
let t: TestProxy;

beforeAll(async () => {
  fake = await startFakeUpstream();
  fake.skewMs = -30_000; // exchange clock 30 s behind ours: unsynced timestamps are "in the future"
  t = await startTestProxy(fake);
});
afterAll(async () => {
  await t.proxy.close();
  await fake.close();
});

describe('clock offset', () => {
  it('signs with the offset from GET /v2/time', async () => {
    const r = await t.api('GET', '/api/v2/balance');
    expect(r.status).toBe(200);
    const s = await t.api('GET', '/api/session');
    expect(Math.abs(s.json.clockOffsetMs + 30_000)).toBeLessThan(1000);
  });

  it('resyncs on EXCEED_TIME_WINDOW and retries once', async () => {
    fake.skewMs = 20_000;
    const n = fake.requests.filter((q) => q.path === '/v2/balance').length;
    const r = await t.api('GET', '/api/v2/balance');
    expect(r.status).toBe(200);
    expect(fake.requests.filter((q) => q.path === '/v2/balance').length - n).toBe(2);
    const s = await t.api('GET', '/api/session');
    expect(Math.abs(s.json.clockOffsetMs - 20_000)).toBeLessThan(1000);
  });
});
