// The ledger against the live-strict sandbox (coin lists refuse a read without `currency`, a share of reads
// answers 503): the coin deposits and withdrawals still all arrive (asked per currency), the 503s are
// retried, and a second sync adds nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../sandbox/index.js';
import { seedDemoHistory } from '../../sandbox/scenarios/demoHistory.js';
import type { Sandbox } from '../e2e/sandboxHarness.js';
import { type Loose, startTestProxy, type TestProxy, tempDir } from '../testing/harness.js';

let sbx: Sandbox;
let t: TestProxy;

beforeAll(async () => {
  sbx = await createSandbox({
    port: 0,
    dataDir: tempDir('kapi-sbx-'),
    seed: 7,
    simulate: false,
    historyDays: 0,
    profile: 'live-strict',
    log: () => {},
  });
  seedDemoHistory(sbx.internals);
  t = await startTestProxy(
    { url: sbx.restUrl, wsPublicUrl: sbx.wsPublicUrl, wsPrivateUrl: sbx.wsPrivateUrl },
    { importCredentials: sbx.credentialsPath, timeoutMs: 3000, ledger: { periodMs: 0, readsPerSec: 200 } },
  );
});
afterAll(async () => {
  await t?.proxy.close();
  await sbx?.close();
});

const count = (kind: 'coinDeposit' | 'coinWithdrawal') =>
  sbx.internals.funding.records.list(kind, sbx.internals.demoUserId).length;

describe('ledger on the live-strict sandbox', () => {
  it('coin deposits and withdrawals are read per currency, all of them, once', async () => {
    expect(count('coinDeposit')).toBeGreaterThan(0);
    await t.proxy.internals.ledger.sync.request();
    const events = (await t.api('GET', '/api/ledger/events?limit=5000&accounts=sandbox-hmac:1')).json.data
      .events as Loose[];
    const coin = (kind: string) => events.filter((e) => e.kind === kind && e.currency !== 'krw');
    expect(coin('deposit')).toHaveLength(count('coinDeposit'));
    expect(coin('withdrawal')).toHaveLength(count('coinWithdrawal'));
    const st = (await t.api('GET', '/api/ledger/status')).json.data.accounts as Loose[];
    const main = st.find((a) => a.accountSeq === 1);
    expect(main.lists.find((l: Loose) => l.list === 'coinDeposits').lastError).toBeUndefined();
    const before = st.map((a) => a.eventCount);
    await t.proxy.internals.ledger.sync.request();
    const after = (await t.api('GET', '/api/ledger/status')).json.data.accounts as Loose[];
    expect(after.map((a) => a.eventCount)).toEqual(before);
  });
});
