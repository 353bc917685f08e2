// biome-ignore-all lint/suspicious/noExplicitAny: answers are read loosely in tests
// The equity sampler against the sandbox's live-strict profile (coin lists refused without currency):
// a coin deposit is found per currency and kept out of the day P&L, nothing is reported unread.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../sandbox/index.js';
import { startTestProxy, type TestProxy, tempDir } from '../testing/harness.js';

let sbx: Sandbox;
let t: TestProxy;
const admin = async (path: string, body?: unknown) => {
  const res = await fetch(`${sbx.adminUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { success: boolean; data?: any };
};

beforeAll(async () => {
  sbx = await createSandbox({
    port: 0,
    dataDir: tempDir('kapi-sbx-'),
    seed: 7,
    simulate: false,
    historyDays: 0,
    profile: 'live-strict',
    log: () => undefined,
  });
  // no random 503s: this test is about the currency reading
  await admin('/profile', { readFailShare: 0 });
  t = await startTestProxy(
    { url: sbx.restUrl, wsPublicUrl: sbx.wsPublicUrl, wsPrivateUrl: sbx.wsPrivateUrl },
    { importCredentials: sbx.credentialsPath, timeoutMs: 3000, lookupDelayMs: 50, equitySampleMs: 3_600_000 },
  );
});
afterAll(async () => {
  await t?.proxy.close();
  await sbx?.close();
});

describe('equity sampler, live-strict', () => {
  it('reads coin deposits per currency and keeps them out of the day P&L', async () => {
    // the strict sandbox refuses the currency-less list, as the dashboard used to ask it
    const bare = await t.api('GET', '/api/v2/coin/recentDeposits');
    expect(bare.status).toBe(400);

    let r = await t.api('POST', '/api/desk/equity/sample', { body: {} });
    expect(r.status).toBe(200);
    const dep = await admin('/deposit', { currency: 'btc', amount: '0.5', instant: true });
    expect(dep.success, JSON.stringify(dep)).toBe(true);
    r = await t.api('POST', '/api/desk/equity/sample', { body: {} });
    const a1 = r.json.data.accounts.find((a: any) => a.accountSeq === 1);
    expect(a1.unread).toEqual([]);
    expect(a1.flows.map((f: any) => `${f.kind}:${f.currency}:${f.qty}`)).toContain('deposit:btc:0.5');
    expect(a1.day.unreadFlows).toEqual([]);
    // no trades, no price moves: the deposit is not profit
    expect(a1.day.pnl).toBe('0');
  });
});
