// The first sync of a busy account does not starve order traffic (issue 21 item 5): while it runs, a
// burst of placements and of the reads a trading screen makes goes through without a 429 or QUEUE_FULL,
// on a proxy whose rate-limit queues are short (20) so that a sync holding the budget would show.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoHistory } from '../../sandbox/scenarios/demoHistory.js';
import { type Stack, startSandboxStack } from '../e2e/sandboxHarness.js';
import type { ApiResult, Loose } from '../testing/harness.js';
import { seedBusyFills } from './testing/sandboxLedger.js';

let s: Stack;
beforeAll(async () => {
  s = await startSandboxStack({ maxQueue: 20, ledger: { periodMs: 0, pageLimit: 2 } });
  seedDemoHistory(s.sbx.internals);
  // a busy account: 300 fills in the last day on each account, read 2 a page
  for (const seq of [1, 2]) seedBusyFills(s.sbx, seq, 'xrp_krw', 300, 24 * 3600_000);
});
afterAll(async () => {
  await s?.admin('/cancelAll', {});
  await s?.close();
});

const refused = (r: ApiResult) => r.status === 429 || r.json?.error?.message === 'QUEUE_FULL';

describe('ledger sync yields to order traffic (real sandbox)', () => {
  it('placements and private reads during the first sync are never refused for rate', async () => {
    const status = async () => (await s.t.api('GET', '/api/ledger/status')).json.data.accounts as Loose[];
    await expect.poll(async () => (await status()).some((a) => a.syncing), { timeout: 10_000 }).toBe(true);

    // on both accounts: the sync reads one account at a time, whichever it is on now meets the burst
    const placements = Array.from({ length: 30 }, (_, i) =>
      s.t.api('POST', '/api/v2/orders', {
        body: {
          symbol: 'xrp_krw',
          side: 'buy',
          orderType: 'limit',
          price: '1000',
          qty: '10',
          accountSeq: (i % 2) + 1,
        },
      }),
    );
    const reads = Array.from({ length: 90 }, (_, i) =>
      s.t.api('GET', `/api/v2/openOrders?symbol=xrp_krw&accountSeq=${(i % 2) + 1}`),
    );
    const answers = await Promise.all([...placements, ...reads]);
    expect(answers.filter(refused).map((r) => r.text)).toEqual([]);
    expect(answers.slice(0, 30).every((r) => r.json.success === true)).toBe(true);
    // it all happened while the sync was still running, and the sync held back for it: its next
    // read after the burst waits (a placement went out within the pacer's quiet second), which may
    // come just after the last answer, so it is polled for within that second
    expect((await status()).some((a) => a.syncing)).toBe(true);
    await expect
      .poll(() => s.t.proxy.internals.ledger.sync.pacer.yielded, { timeout: 1500, interval: 20 })
      .toBeGreaterThan(0);
  });
});
