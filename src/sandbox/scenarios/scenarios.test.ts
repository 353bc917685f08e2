// biome-ignore-all lint/suspicious/noExplicitAny: answers are read loosely in tests
// Each demo scenario observed changing the market of a real sandbox (admin route in, public REST
// and WebSocket out). The director's timer is off; the test steps scenario time itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { tempDir } from '../../proxy/testing/harness.js';
import { createSandbox } from '../index.js';
import { directorFor, type ScenarioDirector } from './director.js';
import { calmPath, flashCrashPath, listingPath, trendUpPath } from './regimes.js';

type Sbx = Awaited<ReturnType<typeof createSandbox>>;
let sbx: Sbx;
let d: ScenarioDirector;

beforeAll(async () => {
  sbx = await createSandbox({
    port: 0,
    dataDir: tempDir('kapi-scn-'),
    simulate: false,
    historyDays: 0,
    seed: 3,
  });
  d = directorFor(sbx.internals, { autoTick: false });
});
afterAll(async () => {
  d?.stop();
  await sbx?.close();
});

async function admin(body?: unknown) {
  const res = await fetch(`${sbx.adminUrl}/scenario`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { success: boolean; data: any; error?: any };
}
const last = async (symbol: string) => {
  const r = await fetch(`${sbx.restUrl}/v2/tickers?symbol=${symbol}`);
  return Number(((await r.json()) as any).data[0].close);
};
const pairStatus = async (symbol: string) => {
  const r = await fetch(`${sbx.restUrl}/v2/currencyPairs`);
  return ((await r.json()) as any).data.find((p: any) => p.symbol === symbol).status as string;
};

describe('scenario paths', () => {
  it('have the promised shapes', () => {
    expect(Math.abs(calmPath(100) - 1)).toBeLessThan(0.001);
    expect(trendUpPath(60)).toBeGreaterThan(1.1);
    expect(trendUpPath(3600)).toBeLessThan(1.26);
    expect(flashCrashPath(3)).toBeCloseTo(0.8, 2);
    expect(flashCrashPath(60)).toBeCloseTo(0.98, 2);
    expect(listingPath(4)).toBe(1);
    expect(listingPath(40)).toBeGreaterThan(1.5);
  });
});

describe('scenarios on a sandbox', () => {
  it('lists the scenarios and refuses an unknown one', async () => {
    const g = await admin();
    expect(g.data.name).toBeNull();
    expect(g.data.available).toContain('flash-crash');
    const bad = await admin({ name: 'moon' });
    expect(bad.success).toBe(false);
  });

  it('trending up: every coin climbs', async () => {
    const before = await last('eth_krw');
    const r = await admin({ name: 'trending-up' });
    expect(r.data.caption.en).toMatch(/Trending up/);
    d.tick(60);
    expect((await last('eth_krw')) / before).toBeGreaterThan(1.1);
  });

  it('flash crash: -20 % within 3 s, then recovery', async () => {
    await admin({ name: 'flash-crash' });
    const anchor = await last('btc_krw');
    d.tick(3);
    expect((await last('btc_krw')) / anchor).toBeCloseTo(0.8, 2);
    d.tick(60);
    expect((await last('btc_krw')) / anchor).toBeCloseTo(0.98, 2);
    expect(await last('usdt_krw')).toBeGreaterThan(0); // stable coins are not driven
  });

  it('new listing: the pair opens after 5 s and jumps', async () => {
    await admin({ name: 'new-listing', symbol: 'sol_krw' });
    const anchor = await last('sol_krw');
    d.tick(1);
    expect(await pairStatus('sol_krw')).toBe('stopped');
    d.tick(6);
    expect(await pairStatus('sol_krw')).toBe('launched');
    d.tick(40);
    expect((await last('sol_krw')) / anchor).toBeGreaterThan(1.4);
  });

  it('pair halted: the pair stops until the scenario ends', async () => {
    await admin({ name: 'pair-halted' });
    d.tick(1);
    expect(await pairStatus('xrp_krw')).toBe('stopped');
    await admin({ name: 'off' });
    expect(await pairStatus('xrp_krw')).toBe('launched');
  });

  it('throttling: some requests get 429 TOO_MANY_REQUESTS', async () => {
    await admin({ name: 'throttling' });
    const codes: number[] = [];
    for (let i = 0; i < 40; i++) codes.push((await fetch(`${sbx.restUrl}/v2/tickers?symbol=btc_krw`)).status);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThan(0);
    await admin({ name: 'calm' });
    const after = await fetch(`${sbx.restUrl}/v2/tickers?symbol=btc_krw`);
    expect(after.status).toBe(200); // faults reset when the scenario changes
  });

  it('stream outage: public streams stall then drop', async () => {
    const ws = new WebSocket(sbx.wsPublicUrl);
    await new Promise((res, rej) => {
      ws.once('open', res);
      ws.once('error', rej);
    });
    const closed = new Promise<void>((res) => ws.once('close', () => res()));
    await admin({ name: 'stream-outage' });
    d.tick(10);
    await closed;
    expect(ws.readyState).toBe(WebSocket.CLOSED);
    const st = await admin();
    expect(st.data.name).toBe('stream-outage');
    await admin({ name: 'off' });
    expect((await admin()).data.name).toBeNull();
  });
});
