import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeUpstream, startFakeUpstream } from '../testing/fakeUpstream.js';
import { startTestProxy, type TestProxy, tempDir } from '../testing/harness.js';
import { Journal } from './journal.js';

let fake: FakeUpstream;
let t: TestProxy;

beforeAll(async () => {
  fake = await startFakeUpstream();
  t = await startTestProxy(fake);
});
afterAll(async () => {
  await t.proxy.close();
  await fake.close();
});

const intent = (clientOrderId: string) => ({
  clientOrderId,
  profileId: 'sandbox-hmac',
  accountSeq: null,
  symbol: 'btc_krw',
  params: [['symbol', 'btc_krw']] as [string, string][],
});

describe('journal: one durable write per intent', () => {
  it('opens an intent already marked as its first send, committed where another connection sees it', () => {
    const dir = tempDir();
    const j = new Journal(dir);
    expect(j.openSent(intent('one-write'))).toBe(true);
    expect(j.openSent(intent('one-write'))).toBe(false);
    const other = new Database(join(dir, 'journal.sqlite'), { readonly: true });
    const row = other
      .prepare('SELECT state, attempts FROM intents WHERE client_order_id = ?')
      .get('one-write');
    expect(row).toEqual({ state: 'sent', attempts: 1 });
    other.close();
    j.markPlaced('one-write', 77);
    expect(j.get('one-write')).toMatchObject({ state: 'placed', orderId: 77, attempts: 1 });
    j.close();
  });

  it('a placed order through the proxy was journaled once as sent (attempts 1), then placed', async () => {
    const journal = t.proxy.internals.journal;
    const writes = ['openSent', 'insert', 'markSent'] as const;
    const spies = writes.map((m) => vi.spyOn(journal, m));
    const r = await t.api('POST', '/api/v2/orders', {
      body: { symbol: 'btc_krw', side: 'buy', orderType: 'limit', price: '100', qty: '0.001' },
    });
    expect(r.json.success).toBe(true);
    const coid = r.json.data.clientOrderId as string;
    expect(journal.get(coid)).toMatchObject({ state: 'placed', attempts: 1 });
    // before the send: one write (openSent), not an insert followed by a markSent
    expect(spies.map((s) => s.mock.calls.length)).toEqual([1, 0, 0]);
    for (const s of spies) s.mockRestore();
  });
});
