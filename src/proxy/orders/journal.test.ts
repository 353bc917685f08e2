import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, startFakeUpstream } from '../testing/fakeUpstream.js';
import { sleep, startTestProxy, type TestProxy, tempDir } from '../testing/harness.js';
import { Journal } from './journal.js';

let fake: FakeUpstream;
let t: TestProxy;

beforeAll(async () => {
  fake = await startFakeUpstream();
  t = await startTestProxy(fake, { timeoutMs: 300 });
});
afterAll(async () => {
  await t.proxy.close();
  await fake.close();
});

const order = (i: number, extra: Record<string, unknown> = {}) => ({
  symbol: 'btc_krw',
  side: 'buy',
  orderType: 'limit',
  price: String(100 + i),
  qty: '0.001',
  ...extra,
});

describe('safe order placement', () => {
  it('N intents give exactly N orders under post-commit drops, 500s and timeouts', async () => {
    const before = fake.orders.length;
    const posts = () => fake.requests.filter((q) => q.method === 'POST' && q.path === '/v2/orders').length;
    const postsBefore = posts();
    fake.faults.dropAfterCommit = 3;
    fake.faults.error500AfterCommit = 3;
    fake.faults.slowAfterCommit = 3;
    fake.faults.slowMs = 600; // > proxy timeout (300 ms)
    const N = 12;
    const results = [];
    for (let i = 0; i < N; i++) results.push(await t.api('POST', '/api/v2/orders', { body: order(i) }));
    for (const r of results) {
      expect(r.status).toBe(200);
      expect(r.json.success).toBe(true);
    }
    const placed = fake.orders.slice(before);
    expect(placed).toHaveLength(N);
    // every failed answer was followed by a lookup that found the order: nothing was sent twice
    expect(posts() - postsBefore).toBe(N);
    expect(new Set(placed.map((o) => o.clientOrderId)).size).toBe(N);
    // every answer names the order the exchange really holds
    for (const r of results) {
      const o = placed.find((x) => x.clientOrderId === r.json.data.clientOrderId);
      expect(o?.orderId).toBe(r.json.data.orderId);
    }
    const j = await t.api('GET', '/api/journal?limit=50');
    const mine = j.json.entries.filter((e: { clientOrderId: string }) =>
      placed.some((o) => o.clientOrderId === e.clientOrderId),
    );
    expect(mine).toHaveLength(N);
    expect(mine.every((e: { state: string }) => e.state === 'placed')).toBe(true);
  });

  it('an order lost before it reached the book is looked up, then sent again once', async () => {
    const before = fake.orders.length;
    fake.faults.dropBeforeCommit = 1;
    const r = await t.api('POST', '/api/v2/orders', { body: order(5, { clientOrderId: 'lost-in-transit' }) });
    expect(r.status).toBe(200);
    expect(fake.orders.length - before).toBe(1);
    const tries = fake.requests.filter(
      (q) => q.method === 'POST' && q.raw.includes('clientOrderId=lost-in-transit'),
    );
    const lookups = fake.requests.filter(
      (q) => q.method === 'GET' && q.raw.includes('clientOrderId=lost-in-transit'),
    );
    expect(tries).toHaveLength(2);
    expect(lookups.length).toBeGreaterThanOrEqual(1);
  });

  it('lagging reads: a hidden order is resent with the same id and resolved through DUPLICATE', async () => {
    const before = fake.orders.length;
    fake.faults.dropAfterCommit = 1;
    fake.faults.lookupHidden = 1;
    const r = await t.api('POST', '/api/v2/orders', { body: order(6, { clientOrderId: 'lagging-read-1' }) });
    expect(r.status).toBe(200);
    expect(fake.orders.length - before).toBe(1);
    expect(r.json.data.orderId).toBe(fake.orders.at(-1)!.orderId);
  });

  it('an order the exchange holds but cannot show yet stays unknown, then reconciles', async () => {
    fake.faults.dropAfterCommit = 1;
    fake.faults.lookupHidden = 10;
    const r = await t.api('POST', '/api/v2/orders', { body: order(7, { clientOrderId: 'lagging-read-2' }) });
    expect(r.json.error.message).toBe('ORDER_STATE_UNKNOWN');
    const j1 = await t.api('GET', '/api/journal?limit=5');
    expect(
      j1.json.entries.find((e: { clientOrderId: string }) => e.clientOrderId === 'lagging-read-2').state,
    ).toBe('unknown');
    fake.faults.lookupHidden = 0;
    await t.proxy.internals.placer.reconcile(0);
    const j2 = await t.api('GET', '/api/journal?limit=5');
    expect(
      j2.json.entries.find((e: { clientOrderId: string }) => e.clientOrderId === 'lagging-read-2'),
    ).toMatchObject({
      state: 'placed',
      orderId: fake.orders.find((o) => o.clientOrderId === 'lagging-read-2')!.orderId,
    });
  });

  it('concurrent intents under faults still give exactly N orders', async () => {
    const before = fake.orders.length;
    fake.faults.dropAfterCommit = 2;
    fake.faults.error500AfterCommit = 2;
    const N = 10;
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) => t.api('POST', '/api/v2/orders', { body: order(i) })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(fake.orders.length - before).toBe(N);
  });

  it('a repeated clientOrderId from the browser is not sent twice', async () => {
    const before = fake.orders.length;
    const a = await t.api('POST', '/api/v2/orders', { body: order(1, { clientOrderId: 'browser-retry-1' }) });
    const b = await t.api('POST', '/api/v2/orders', { body: order(1, { clientOrderId: 'browser-retry-1' }) });
    expect(a.json.data.orderId).toBe(b.json.data.orderId);
    expect(fake.orders.length - before).toBe(1);
  });

  it('DUPLICATE_CLIENT_ORDER_ID from the exchange resolves to the existing order', async () => {
    fake.orders.push({ orderId: 777, clientOrderId: 'placed-elsewhere', symbol: 'btc_krw', params: {} });
    const r = await t.api('POST', '/api/v2/orders', {
      body: order(1, { clientOrderId: 'placed-elsewhere' }),
    });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ success: true, data: { orderId: 777, clientOrderId: 'placed-elsewhere' } });
  });

  it('rejects a malformed clientOrderId before journaling', async () => {
    const r = await t.api('POST', '/api/v2/orders', {
      body: order(1, { clientOrderId: 'bad id with spaces' }),
    });
    expect(r.status).toBe(400);
  });
});

describe('restart reconciliation', () => {
  it('resolves unresolved intents at start: found → placed, absent → failed (never resent)', async () => {
    const dir = tempDir();
    const j = new Journal(dir);
    const params: [string, string][] = [
      ['symbol', 'btc_krw'],
      ['side', 'buy'],
    ];
    fake.orders.push({ orderId: 4242, clientOrderId: 'crash-after-send', symbol: 'btc_krw', params: {} });
    j.insert({
      clientOrderId: 'crash-after-send',
      profileId: 'sandbox-hmac',
      accountSeq: null,
      symbol: 'btc_krw',
      params,
    });
    j.markSent('crash-after-send');
    j.insert({
      clientOrderId: 'crash-before-send',
      profileId: 'sandbox-hmac',
      accountSeq: null,
      symbol: 'btc_krw',
      params,
    });
    j.close();
    const before = fake.orders.length;

    const t2 = await startTestProxy(fake, { configDir: dir });
    try {
      let entries: { clientOrderId: string; state: string; orderId?: number }[] = [];
      for (let i = 0; i < 50; i++) {
        entries = (await t2.api('GET', '/api/journal')).json.entries;
        if (entries.every((e) => e.state === 'placed' || e.state === 'failed')) break;
        await sleep(20);
      }
      expect(entries.find((e) => e.clientOrderId === 'crash-after-send')).toMatchObject({
        state: 'placed',
        orderId: 4242,
      });
      expect(entries.find((e) => e.clientOrderId === 'crash-before-send')).toMatchObject({ state: 'failed' });
      expect(fake.orders.length).toBe(before);
    } finally {
      await t2.proxy.close();
    }
  });

  it('marks an intent unknown (and says so) when the lookup itself fails', async () => {
    const dead = await startTestProxy({
      url: 'http://127.0.0.1:9',
      wsPublicUrl: 'ws://127.0.0.1:9/v2/public',
      wsPrivateUrl: 'ws://127.0.0.1:9/v2/private',
    });
    try {
      const r = await dead.api('POST', '/api/v2/orders', { body: order(1) });
      expect(r.status).toBeGreaterThanOrEqual(500);
      expect(r.json.error.message).toBe('ORDER_STATE_UNKNOWN');
      const j = await dead.api('GET', '/api/journal');
      expect(j.json.entries[0].state).toBe('unknown');
    } finally {
      await dead.proxy.close();
    }
  });
});
