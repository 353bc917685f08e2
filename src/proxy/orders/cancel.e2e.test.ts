// biome-ignore-all lint/suspicious/noExplicitAny: answers are read loosely in tests
// The one cancel path against the real sandbox, where every FIRST cancel of an order answers
// TRY_AGAIN (profile tryAgainCancelShare 1) and the fault injector answers 503 to a few requests:
// a single cancel, the kill switch over three accounts and an amendment all end with the orders
// canceled, and say so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startSandboxStack } from '../e2e/sandboxHarness.js';

let s: Stack;
const SYM = 'eth_krw';

beforeAll(async () => {
  s = await startSandboxStack({ equitySampleMs: 3_600_000 });
  const p = await s.admin('/profile', { tryAgainCancelShare: 1 });
  expect(p.success).toBe(true);
});
afterAll(async () => {
  await s?.close();
});

async function placeBuy(accountSeq = 1, symbol = SYM): Promise<string> {
  const r = await s.t.api('POST', '/api/v2/orders', {
    body: {
      symbol,
      side: 'buy',
      orderType: 'limit',
      price: symbol === SYM ? '2000000' : '50000000',
      qty: '0.01',
      accountSeq,
    },
  });
  expect(r.status, r.text).toBe(200);
  return String(r.json.data.orderId);
}
/** The next `count` requests of any class answer 503 before they are processed. */
const fail503 = (count: number) =>
  s.admin('/faults', { classes: { '*': { error: { count, status: 503 } } } });
const tryAgainCount = async () => (await s.admin('/profile')).data.counts.tryAgain as number;

describe('cancel path (real sandbox, TRY_AGAIN on every first cancel, some 503s)', () => {
  it('a single cancel from the browser is retried, confirmed and answered as the exchange would', async () => {
    const id = await placeBuy();
    const before = await tryAgainCount();
    await fail503(2);
    const r = await s.t.api('DELETE', `/api/v2/orders?symbol=${SYM}&orderId=${id}`);
    expect(r.status, r.text).toBe(200);
    expect(r.json.success).toBe(true);
    expect(r.headers.get('x-cancel-outcome')).toBe('canceled');
    expect(await tryAgainCount()).toBe(before + 1);
    const o = await s.t.api('GET', `/api/v2/orders?symbol=${SYM}&orderId=${id}`);
    expect(o.json.data.status).toBe('canceled');
  });

  it('a browser read through the forwarder is resent after 503s (GET only)', async () => {
    await fail503(2);
    const r = await s.t.api('GET', `/api/v2/openOrders?symbol=${SYM}`);
    expect(r.status, r.text).toBe(200);
    expect(r.json.success).toBe(true);
    await fail503(1);
    const w = await s.t.api('POST', '/api/v2/accountTransfer', {
      body: { accountSeq: 1, toAccountSeq: 2, currency: 'krw', amount: '1000' },
    });
    expect(w.status).toBe(503); // a money move is never resent
    expect((await s.admin('/faults')).data.counts.error).toBeGreaterThanOrEqual(3);
  });

  it('an order already closed is passed on as the exchange refused it', async () => {
    const id = await placeBuy();
    expect((await s.t.api('DELETE', `/api/v2/orders?symbol=${SYM}&orderId=${id}`)).status).toBe(200);
    const again = await s.t.api('DELETE', `/api/v2/orders?symbol=${SYM}&orderId=${id}`);
    expect(again.status).toBe(400);
    expect(again.json.error.message).toBe('ORDER_ALREADY_CANCELED');
  });

  it('the kill switch over three accounts ends with no open order and no failure', async () => {
    const jobs: Promise<string>[] = [];
    for (let i = 0; i < 9; i++) jobs.push(placeBuy((i % 3) + 1, i % 2 ? 'btc_krw' : SYM));
    await Promise.all(jobs);
    const before = await tryAgainCount();
    await fail503(3);
    const start = await s.t.api('POST', '/api/desk/killswitch', { body: {} });
    expect(start.status).toBe(202);
    let run: any;
    for (let k = 0; k < 300; k++) {
      run = (await s.t.api('GET', `/api/desk/killswitch/${start.json.data.id}`)).json.data;
      if (run.state === 'done') break;
      await new Promise((res) => setTimeout(res, 100));
    }
    expect(run.state).toBe('done');
    expect(run.errors).toEqual([]);
    expect(run.found).toBe(9);
    expect(run.items.filter((i: any) => i.outcome === 'failed')).toEqual([]);
    expect(run.items.filter((i: any) => i.outcome === 'canceled')).toHaveLength(9);
    expect(run.items.every((i: any) => i.sends >= 2)).toBe(true);
    expect(await tryAgainCount()).toBe(before + 9);
    for (const seq of [1, 2, 3]) {
      for (const symbol of ['btc_krw', SYM]) {
        const o = await s.t.api('GET', `/api/v2/openOrders?symbol=${symbol}&accountSeq=${seq}`);
        expect(o.json.data).toEqual([]);
      }
    }
  });

  it('an amendment gets through a TRY_AGAIN on its cancel', async () => {
    const id = await placeBuy();
    const r = await s.t.api('POST', '/api/amend', { body: { symbol: SYM, orderId: id, price: '2010000' } });
    expect(r.status, r.text).toBe(200);
    expect(r.json.data).toMatchObject({ outcome: 'amended', state: 'done' });
    const old = await s.t.api('GET', `/api/v2/orders?symbol=${SYM}&orderId=${id}`);
    expect(old.json.data.status).toBe('canceled');
    const open = (await s.t.api('GET', `/api/v2/openOrders?symbol=${SYM}`)).json.data;
    expect(open.map((o: any) => o.price)).toEqual(['2010000']);
  });
});
