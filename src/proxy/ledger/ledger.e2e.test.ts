// The account ledger against the real sandbox with the demo user's 30 days of history (issue 21 item 1):
// the first sync finds every fill the exchange still answers and says how far back that is, a second
// sync adds nothing, funding lists agree with the exchange's, and a fill after an order is read without
// being asked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoHistory } from '../../sandbox/scenarios/demoHistory.js';
import { type Stack, startSandboxStack } from '../e2e/sandboxHarness.js';
import type { Loose } from '../testing/harness.js';
import { sandboxFillCount, sandboxFillIds } from './testing/sandboxLedger.js';

let s: Stack;
const ledgerOpts = { ledger: { periodMs: 0, readsPerSec: 200, pageLimit: 2, afterOrderMs: 50 } };

beforeAll(async () => {
  s = await startSandboxStack(ledgerOpts);
  seedDemoHistory(s.sbx.internals);
});
afterAll(async () => {
  await s?.close();
});

const status = async () => (await s.t.api('GET', '/api/ledger/status')).json.data.accounts as Loose[];
const events = async (q = '') =>
  (await s.t.api('GET', `/api/ledger/events?limit=5000${q}`)).json.data.events as Loose[];

describe('account ledger (real sandbox, demo history)', () => {
  it('the first sync finds every fill the exchange answers, says how far back, and marks the rest a gap', async () => {
    await s.t.proxy.internals.ledger.sync.request();
    const accounts = await status();
    expect(accounts.length).toBeGreaterThanOrEqual(2);
    const fills = await events('&kinds=trade');
    for (const a of accounts) {
      const trades = a.lists.find((l: Loose) => l.list === 'trades');
      expect(trades.oldestReached).toBeGreaterThan(Date.now() - 36 * 3600_000);
      const expected = sandboxFillIds(s.sbx, a.accountSeq, trades.oldestReached);
      const mine = fills
        .filter((e) => e.accountSeq === a.accountSeq)
        .map((e) => e.eventId)
        .sort();
      expect(expected.length).toBeGreaterThan(2); // pages of 2: the walk had to page
      expect(mine).toEqual(expected);
      // the 30 days hold older fills the exchange no longer answers: not silently zero, a gap
      expect(sandboxFillCount(s.sbx, a.accountSeq)).toBeGreaterThan(expected.length);
      expect(a.gaps).toContainEqual(
        expect.objectContaining({ from: 0, to: trades.oldestReached, reason: 'beforeFirstSync' }),
      );
      expect(a.gaps.some((g: Loose) => g.reason !== 'beforeFirstSync')).toBe(false);
      expect(a.syncing).toBe(false);
      expect(a.reachLimitNote.en).toContain('36 hours');
    }
  });

  it('deposits, withdrawals and transfers agree with the exchange lists', async () => {
    const ids = async (path: string) =>
      ((await s.t.api('GET', `/api/v2/${path}`)).json.data as Loose[]).map((r) =>
        String(r.id ?? r.transferId),
      );
    const krwDeposits = await ids('krw/recentDeposits?limit=100');
    const coinDeposits = await ids('coin/recentDeposits?limit=100');
    const transfers = await ids('recentAccountTransfers?limit=100&accountSeq=1');
    expect(krwDeposits.length).toBeGreaterThan(0);
    expect(transfers.length).toBeGreaterThan(0);
    const mine = await events('&accounts=sandbox-hmac:1,sandbox-hmac:2');
    const deposits = mine.filter((e) => e.kind === 'deposit');
    expect(
      deposits
        .filter((e) => e.currency === 'krw')
        .map((e) => e.id.split(':')[2])
        .sort(),
    ).toEqual(krwDeposits.sort());
    expect(deposits.filter((e) => e.currency !== 'krw')).toHaveLength(coinDeposits.length);
    // a transfer between the user's own accounts appears once
    expect(
      mine
        .filter((e) => e.kind === 'transfer')
        .map((e) => e.id.split(':')[1])
        .sort(),
    ).toEqual([...new Set(transfers)].sort());
  });

  it('a second sync adds nothing', async () => {
    const before = (await status()).map((a) => a.eventCount);
    const r = await s.t.api('POST', '/api/ledger/sync', { body: {} });
    expect(r.status).toBe(202);
    await s.t.proxy.internals.ledger.sync.idle();
    expect((await status()).map((a) => a.eventCount)).toEqual(before);
  });

  it('a fill after an order the proxy forwarded is read without being asked', async () => {
    await s.admin('/market/sim', { symbol: 'xrp_krw', enabled: true }); // someone to trade with
    await expect
      .poll(
        async () => (await s.t.api('GET', '/api/v2/orderbook?symbol=xrp_krw')).json.data?.asks?.length ?? 0,
      )
      .toBeGreaterThan(0);
    const before = (await events('&kinds=trade')).length;
    const buy = await s.t.api('POST', '/api/v2/orders', {
      body: { symbol: 'xrp_krw', side: 'buy', orderType: 'market', amt: '10000' },
    });
    expect(buy.json.success).toBe(true);
    const order = await s.t.api('GET', `/api/v2/orders?symbol=xrp_krw&orderId=${buy.json.data.orderId}`);
    expect(order.json.data.filledQty).not.toBe('0');
    await expect
      .poll(async () => (await events('&kinds=trade')).length, { timeout: 10_000 })
      .toBeGreaterThan(before);
    const mine = (await events('&kinds=trade')).filter((e) => e.orderId === String(buy.json.data.orderId));
    expect(mine.length, s.t.logs.filter((l) => l.includes('ledger')).join('\n')).toBeGreaterThan(0);
    await s.admin('/market/sim', { symbol: 'xrp_krw', enabled: false });
  });

  it('two keys of one user are one owner: its accounts are listed once', async () => {
    const accounts = await status();
    expect(new Set(accounts.map((a) => a.owner)).size).toBe(1);
    expect(accounts.every((a) => a.profileId === 'sandbox-hmac')).toBe(true);
  });
});
