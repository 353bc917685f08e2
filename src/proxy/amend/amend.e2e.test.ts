// Amendments against the real sandbox: cancel confirmed, then one replacement through the order journal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startSandboxStack } from '../e2e/sandboxHarness.js';
import type { Loose } from '../testing/harness.js';

let s: Stack;
const SYM = 'eth_krw';
let other: string; // a second user's profile id: the counterparty that fills our order in between

beforeAll(async () => {
  s = await startSandboxStack();
  await s.admin('/market/price', { symbol: SYM, price: '3000000' });
  const u = await s.admin('/users', { name: 'counterparty' });
  const key = await s.admin('/keys', { userId: u.data.userId, type: 'hmac-sha256' });
  await s.admin('/balance', { userId: u.data.userId, currency: 'eth', amount: '10' });
  const p = await s.t.api('POST', '/api/profiles', {
    body: { label: 'other', apiKey: key.data.apiKey, type: 'hmac-sha256', secret: key.data.secret },
  });
  other = p.json.data.profile.id;
});
afterAll(async () => {
  await s?.close();
});

async function placeBuy(price: string, qty: string): Promise<string> {
  const r = await s.t.api('POST', '/api/v2/orders', {
    body: { symbol: SYM, side: 'buy', orderType: 'limit', price, qty },
  });
  expect(r.json.success).toBe(true);
  return String(r.json.data.orderId);
}
const openOrders = async (): Promise<Loose[]> =>
  (await s.t.api('GET', `/api/v2/openOrders?symbol=${SYM}`)).json.data;

describe('amendment (real sandbox)', () => {
  it('moves the price: the old order canceled, one open order at the new price, both journaled', async () => {
    const id = await placeBuy('2500000', '0.01');
    const r = await s.t.api('POST', '/api/amend', { body: { symbol: SYM, orderId: id, price: '2510000' } });
    expect(r.status).toBe(200);
    const a = r.json.data;
    expect(a).toMatchObject({ outcome: 'amended', state: 'done', to: { price: '2510000', qty: '0.01' } });
    const open = await openOrders();
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ price: '2510000', qty: '0.01', orderId: a.newOrderId });
    const old = (await s.t.api('GET', `/api/v2/orders?symbol=${SYM}&orderId=${id}`)).json.data;
    expect(old.status).toBe('canceled');
    const journal = (await s.t.api('GET', '/api/journal')).json.entries as Loose[];
    expect(journal.find((e) => e.clientOrderId === a.newClientOrderId)?.state).toBe('placed');
    const list = (await s.t.api('GET', '/api/amend')).json.data.entries as Loose[];
    expect(list[0].id).toBe(a.id);
    await s.t.api('DELETE', `/api/v2/orders?symbol=${SYM}&orderId=${a.newOrderId}`);
  });

  it('a fill between what the user saw and the cancel shrinks the replacement', async () => {
    const id = await placeBuy('2600000', '0.05');
    // The counterparty sells 0.02 into it after the user looked (they saw nothing filled).
    const sell = await s.t.api('POST', '/api/v2/orders', {
      headers: { 'X-Profile': other },
      body: {
        symbol: SYM,
        side: 'sell',
        orderType: 'limit',
        price: '2600000',
        qty: '0.02',
        timeInForce: 'ioc',
      },
    });
    expect(sell.json.success).toBe(true);
    const r = await s.t.api('POST', '/api/amend', {
      body: { symbol: SYM, orderId: id, price: '2590000', qty: '0.05', seenFilledQty: '0' },
    });
    expect(r.json.data).toMatchObject({
      outcome: 'amended',
      filledBetween: '0.02',
      to: { price: '2590000', qty: '0.03' },
    });
    const open = await openOrders();
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ price: '2590000', qty: '0.03' });
    await s.t.api('DELETE', `/api/v2/orders?symbol=${SYM}&orderId=${r.json.data.newOrderId}`);
  });

  it('refuses what cannot be amended and leaves the order alone', async () => {
    const id = await placeBuy('2400000', '0.01');
    const same = await s.t.api('POST', '/api/amend', {
      body: { symbol: SYM, orderId: id, price: '2400000' },
    });
    expect(same.status).toBe(400);
    expect(same.json.error.message).toBe('NO_CHANGE');
    const bad = await s.t.api('POST', '/api/amend', { body: { symbol: SYM, orderId: id, price: '1e5' } });
    expect(bad.json.error.message).toBe('BAD_REQUEST');
    const missing = await s.t.api('POST', '/api/amend', {
      body: { symbol: SYM, orderId: '999999', price: '1' },
    });
    expect(missing.status).toBe(400);
    expect((await openOrders()).map((o) => String(o.orderId))).toEqual([id]);
    // A replacement the exchange refuses (off the tick) is told as such: canceled, not replaced.
    const off = await s.t.api('POST', '/api/amend', {
      body: { symbol: SYM, orderId: id, price: '2400000.5' },
    });
    expect(off.json.data.outcome).toBe('replace-failed');
    expect(off.json.data.error.message).toMatch(/canceled but the replacement/);
    expect(await openOrders()).toHaveLength(0);
  });
});
