// A myTrade frame the relay passes to a browser makes the ledger read that account's fills (issue 21
// item 1, "on each private fill event"): with the after-order read pushed out of reach, the fill still
// arrives, because the open tab's private stream told of it; the browser gets the frame unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startSandboxStack } from '../e2e/sandboxHarness.js';
import { type Loose, sleep } from '../testing/harness.js';

let s: Stack;
const SYM = 'xrp_krw';
beforeAll(async () => {
  // placements and cancels would trigger a read only after 10 minutes here
  s = await startSandboxStack({ ledger: { periodMs: 0, readsPerSec: 200, afterOrderMs: 600_000 } });
  await s.t.proxy.internals.ledger.sync.request();
});
afterAll(async () => {
  await s?.admin('/market/sim', { symbol: SYM, enabled: false });
  await s?.close();
});

const fills = async () =>
  (await s.t.api('GET', '/api/ledger/events?kinds=trade&limit=5000')).json.data.events as Loose[];

describe('ledger reads fills on a myTrade frame (real sandbox)', () => {
  it('a fill told by the private stream is in the ledger without a sync being asked', async () => {
    const sock = await s.t.ws('/ws/private');
    sock.send([{ requestId: 1, method: 'subscribe', type: 'myTrade', accountSeqs: [1] }]);
    await sock.waitFor((m) => m.status === 'success' && m.requestId === 1);
    await s.admin('/market/sim', { symbol: SYM, enabled: true });
    for (let i = 0; i < 200; i++) {
      if ((await s.t.api('GET', `/api/v2/orderbook?symbol=${SYM}`)).json.data?.asks?.length) break;
      await sleep(25);
    }
    const buy = await s.t.api('POST', '/api/v2/orders', {
      body: { symbol: SYM, side: 'buy', orderType: 'market', amt: '10000' },
    });
    const orderId = String(buy.json.data.orderId);
    const frame = await sock.waitFor((m) => m.channelType === 'myTrade');
    expect(frame.trade.trades.length).toBeGreaterThan(0);
    await expect
      .poll(async () => (await fills()).filter((e) => e.orderId === orderId).length, { timeout: 10_000 })
      .toBeGreaterThan(0);
    sock.close();
  });
});
