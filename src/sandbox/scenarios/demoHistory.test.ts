// biome-ignore-all lint/suspicious/noExplicitAny: answers are read loosely in tests
// The demo user's seeded history: every history endpoint has content, balances are untouched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signParams } from '../../core/sign.js';
import { tempDir } from '../../proxy/testing/harness.js';
import { createSandbox } from '../index.js';
import { planDemoHistory } from './demoHistory.js';

type Sbx = Awaited<ReturnType<typeof createSandbox>>;
let sbx: Sbx;
beforeAll(async () => {
  sbx = await createSandbox({ port: 0, dataDir: tempDir('kapi-hist-'), simulate: false, historyDays: 0 });
});
afterAll(async () => {
  await sbx?.close();
});

async function get(path: string, params: [string, string][] = []) {
  const { apiKey, secret } = sbx.credentials.hmac;
  const q = signParams([...params, ['timestamp', String(Date.now())]], { type: 'hmac-sha256', secret });
  const r = await fetch(`${sbx.restUrl}${path}?${q}`, { headers: { 'X-KAPI-KEY': apiKey } });
  return ((await r.json()) as any).data as any[];
}
async function admin(body: unknown) {
  const r = await fetch(`${sbx.adminUrl}/scenario`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return ((await r.json()) as any).data;
}

describe('demo history', () => {
  it('plans 30 days: orders every day on every account, flows of every kind', () => {
    const now = Date.UTC(2026, 2, 10);
    const markets = [
      {
        symbol: 'btc_krw',
        baseCurrency: 'btc',
        quoteCurrency: 'krw',
        status: 'launched',
        referencePrice: '140000000',
        tickSizePolicy: [{ priceGte: '0', tickSize: '1000' }],
        qtyDecimals: 8,
        takerFeeRate: '0.0005',
      },
    ] as any;
    const p = planDemoHistory({ now, days: 30, markets, accountSeqs: [1, 2, 3], seed: 1 });
    const days = new Set(p.orders.map((o) => Math.floor((now - o.createdAt) / 86_400_000)));
    expect(days.size).toBeGreaterThanOrEqual(28);
    expect(new Set(p.orders.map((o) => o.accountSeq))).toEqual(new Set([1, 2, 3]));
    expect(new Set(p.funding.map((f) => f.kind))).toEqual(
      new Set(['krwDeposit', 'krwWithdrawal', 'coinDeposit', 'coinWithdrawal', 'transfer']),
    );
    expect(p.orders.every((o) => o.createdAt < now && Number(o.qty) > 0)).toBe(true);
    expect(planDemoHistory({ now, days: 30, markets, accountSeqs: [1, 2, 3], seed: 1 })).toEqual(p);
  });

  it('fills every history view once, balances untouched', async () => {
    const before = await get('/v2/balance');
    const r = await admin({ history: true });
    expect(r.seeded.orders).toBeGreaterThan(50);
    expect((await admin({ history: true })).seeded.orders).toBe(0); // once only
    expect(
      (await get('/v2/allOrders', [['symbol', 'btc_krw']])).length +
        (await get('/v2/allOrders', [['symbol', 'eth_krw']])).length,
    ).toBeGreaterThan(0);
    const trades = [];
    for (const s of ['btc_krw', 'eth_krw', 'xrp_krw', 'sol_krw', 'doge_krw', 'usdt_krw']) {
      trades.push(...(await get('/v2/myTrades', [['symbol', s]])));
    }
    expect(trades.length).toBeGreaterThan(0);
    expect((await get('/v2/krw/recentDeposits')).length).toBeGreaterThan(0);
    expect((await get('/v2/krw/recentWithdrawals')).length).toBeGreaterThan(0);
    expect((await get('/v2/coin/recentDeposits')).length).toBeGreaterThan(0);
    expect((await get('/v2/coin/recentWithdrawals')).length).toBeGreaterThan(0);
    expect((await get('/v2/recentAccountTransfers', [['accountSeq', '1']])).length).toBeGreaterThan(0);
    expect(await get('/v2/balance')).toEqual(before);
    expect(sbx.internals.ledger.checkInvariants()).toEqual([]);
  });
});
