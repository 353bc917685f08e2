// biome-ignore-all lint/suspicious/noExplicitAny: answers are read loosely in tests
// The desk endpoints against the real sandbox: equity snapshots with flows separated from P&L,
// and the kill switch canceling 50 open orders across three accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startSandboxStack } from '../e2e/sandboxHarness.js';

let s: Stack;
beforeAll(async () => {
  s = await startSandboxStack({ equitySampleMs: 3_600_000 });
});
afterAll(async () => {
  await s?.close();
});

const accountOf = (eq: any, seq: number) => eq.accounts.find((a: any) => a.accountSeq === seq);

describe('desk equity', () => {
  it('keeps a snapshot per account (one user sampled once) and separates deposits and transfers', async () => {
    let r = await s.t.api('POST', '/api/desk/equity/sample', { body: {} });
    expect(r.status).toBe(200);
    let eq = r.json.data;
    // two profiles (hmac, ed25519) of the same demo user: accounts 1-3 once
    expect(eq.accounts.map((a: any) => a.accountSeq).sort()).toEqual([1, 2, 3]);
    const before = accountOf(eq, 2).points.at(-1).equityKrw;
    expect(Number(before)).toBeGreaterThan(30_000_000);

    await s.admin('/deposit', { currency: 'krw', amount: '5000000', instant: true });
    const tr = await s.t.api('POST', '/api/v2/accountTransfer', {
      body: { accountSeq: 1, toAccountSeq: 2, currency: 'krw', amount: '1000000' },
    });
    expect(tr.status).toBe(200);
    // a second sample after the deposit and the transfer
    r = await s.t.api('POST', '/api/desk/equity/sample', { body: {} });
    eq = r.json.data;
    const a2 = accountOf(eq, 2);
    expect(a2.flows.map((f: any) => f.kind)).toContain('transferIn');
    expect(
      accountOf(eq, 1)
        .flows.map((f: any) => f.kind)
        .sort(),
    ).toEqual(['deposit', 'transferOut']);
    // no trades and no price moves: once the deposit and the transfer are taken out, P&L is 0
    const a1 = accountOf(eq, 1);
    expect(a1.day.netFlows).toBe('4000000');
    for (const a of eq.accounts) {
      expect(a.points.length).toBeGreaterThanOrEqual(2);
      expect(a.day.pnl).toBe('0');
    }
    expect(Number(a2.points.at(-1).equityKrw) - Number(before)).toBe(1_000_000);
  });
});

describe('kill switch', () => {
  it('cancels 50 open orders across three accounts and reports each', async () => {
    const place = async (accountSeq: number, i: number) => {
      const r = await s.t.api('POST', '/api/v2/orders', {
        body: {
          symbol: i % 2 ? 'btc_krw' : 'eth_krw',
          side: 'buy',
          orderType: 'limit',
          price: i % 2 ? '50000000' : '2000000',
          qty: '0.01',
          accountSeq,
        },
      });
      expect(r.status, r.text).toBe(200);
    };
    const jobs: Promise<void>[] = [];
    for (let i = 0; i < 50; i++) jobs.push(place((i % 3) + 1, i));
    await Promise.all(jobs);

    const start = await s.t.api('POST', '/api/desk/killswitch', { body: {} });
    expect(start.status).toBe(202);
    const id = start.json.data.id;
    let run: any;
    for (let k = 0; k < 100; k++) {
      run = (await s.t.api('GET', `/api/desk/killswitch/${id}`)).json.data;
      if (run.state === 'done') break;
      await new Promise((res) => setTimeout(res, 100));
    }
    expect(run.state).toBe('done');
    expect(run.found).toBe(50);
    expect(run.items.filter((i: any) => i.outcome === 'canceled')).toHaveLength(50);
    expect(run.errors).toEqual([]);
    expect(new Set(run.items.map((i: any) => i.accountSeq))).toEqual(new Set([1, 2, 3]));
    for (const seq of [1, 2, 3]) {
      for (const symbol of ['btc_krw', 'eth_krw']) {
        const o = await s.t.api('GET', `/api/v2/openOrders?symbol=${symbol}&accountSeq=${seq}`);
        expect(o.json.data).toEqual([]);
      }
    }
    // journaled: the run is listed with its report
    const runs = (await s.t.api('GET', '/api/desk/killswitch')).json.data.runs;
    expect(runs[0].id).toBe(id);
    expect(runs[0].items).toHaveLength(50);
  });

  it('refuses a malformed target list, and scenarios only run against a sandbox upstream', async () => {
    const bad = await s.t.api('POST', '/api/desk/killswitch', { body: { targets: [{ accountSeq: 'x' }] } });
    expect(bad.status).toBe(400);
    const sc = await s.t.api('GET', '/api/desk/scenario');
    expect(sc.status).toBe(409); // the test proxy's upstream is 'custom'
    expect(sc.json.error.message).toBe('SANDBOX_ONLY');
  });
});
