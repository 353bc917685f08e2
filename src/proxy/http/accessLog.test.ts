// The per-request access line is opt-in (ProxyOptions.accessLog, `--access-log`): a dashboard polls
// several endpoints per account every few seconds, and a line per request floods the console and
// costs a write on every request. Refusals are logged either way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, startFakeUpstream } from '../testing/fakeUpstream.js';
import { startTestProxy, type TestProxy } from '../testing/harness.js';

let fake: FakeUpstream;
const proxies: TestProxy[] = [];

beforeAll(async () => {
  fake = await startFakeUpstream();
});

afterAll(async () => {
  for (const p of proxies) await p.proxy.close();
  await fake.close();
});

async function proxyWith(accessLog: boolean | undefined): Promise<TestProxy> {
  const t = await startTestProxy(fake, accessLog === undefined ? {} : { accessLog });
  proxies.push(t);
  return t;
}

const accessLines = (logs: string[]) => logs.filter((l) => /info GET \/api\/v2\/tickers 200 \d+ms/.test(l));

describe('access log', () => {
  it('is off by default: no line per request, refusals still logged', async () => {
    const t = await proxyWith(undefined);
    expect((await t.api('GET', '/api/v2/tickers?symbol=btc_krw')).status).toBe(200);
    expect(accessLines(t.logs)).toEqual([]);
    expect((await t.api('GET', '/api/session', { headers: { cookie: 'kapi_session=wrong' } })).status).toBe(
      401,
    );
    expect(t.logs.some((l) => l.includes('refused GET /api/session: UNAUTHORIZED_SESSION'))).toBe(true);
  });

  it('writes one line per /api request when asked', async () => {
    const t = await proxyWith(true);
    await t.api('GET', '/api/v2/tickers?symbol=btc_krw');
    await t.api('GET', '/api/v2/tickers?symbol=btc_krw');
    expect(accessLines(t.logs)).toHaveLength(2);
  });
});
