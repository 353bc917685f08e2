// Price alerts against the real sandbox, driven by its admin price control.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startSandboxStack } from '../e2e/sandboxHarness.js';
import { type Loose, sleep, startTestProxy, type TestProxy } from '../testing/harness.js';

let s: Stack;
const SYM = 'eth_krw';

beforeAll(async () => {
  s = await startSandboxStack();
  await s.admin('/market/price', { symbol: SYM, price: '3000000' });
});
afterAll(async () => {
  await s?.close();
});

async function price(p: string): Promise<void> {
  expect((await s.admin('/market/price', { symbol: SYM, price: p })).success).toBe(true);
}

async function waitLive(t: TestProxy): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if ((await t.api('GET', '/api/alerts')).json.data.engine.feed === 'live') return;
    await sleep(50);
  }
  throw new Error('alert engine never went live');
}

async function waitEvents(t: TestProxy, since: number, n: number, ms = 6000): Promise<Loose[]> {
  let events: Loose[] = [];
  for (let i = 0; i < ms; i += 50) {
    events = (await t.api('GET', `/api/alerts/events?since=${since}`)).json.data.events;
    if (events.length >= n) return events;
    await sleep(50);
  }
  throw new Error(`expected ${n} alert events, saw ${JSON.stringify(events)}`);
}

const getAlert = async (t: TestProxy, id: string): Promise<Loose> =>
  (await t.api('GET', '/api/alerts')).json.data.alerts.find((a: Loose) => a.id === id);

describe('price alerts (real sandbox)', () => {
  it('refuses bad definitions and edits with a reason, never crashes', async () => {
    const bad = await s.t.api('POST', '/api/alerts', { body: { symbol: SYM, condition: { type: 'above' } } });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ success: false, error: { message: 'BAD_REQUEST' } });
    expect(bad.json.error.description).toContain('condition');
    expect((await s.t.api('PATCH', '/api/alerts/nosuch', { body: { enabled: false } })).status).toBe(404);
    expect((await s.t.api('DELETE', '/api/alerts/nosuch')).status).toBe(404);
    expect((await s.t.api('GET', '/api/alerts/events?since=-1')).status).toBe(400);
    // a cursor beyond the store (a tab older than a fresh config dir) learns the real last id
    const ahead = await s.t.api('GET', '/api/alerts/events?since=999999');
    expect(ahead.json.data).toEqual({ events: [], lastEventId: 0 });
    expect((await s.t.api('POST', '/api/alerts/ack', { body: { ids: ['x'] } })).status).toBe(400);
  });

  it('fires once on an admin price move, then is triggered; events wait until acknowledged', async () => {
    const c = await s.t.api('POST', '/api/alerts', {
      body: { symbol: SYM, condition: { type: 'above', level: '3100000' }, note: 'breakout' },
    });
    expect(c.status).toBe(201);
    const id = c.json.data.id as string;
    expect(c.json.data).toMatchObject({ status: 'active', repeat: false, cooldownSec: 60, firedCount: 0 });
    await waitLive(s.t);
    const since = (await s.t.api('GET', '/api/alerts')).json.data.lastEventId as number;
    await price('3050000');
    await sleep(300);
    expect((await s.t.api('GET', `/api/alerts/events?since=${since}`)).json.data.events).toHaveLength(0);
    await price('3120000');
    const [ev] = await waitEvents(s.t, since, 1);
    expect(ev).toMatchObject({ alertId: id, symbol: SYM, price: '3120000', seen: false, note: 'breakout' });
    expect(await getAlert(s.t, id)).toMatchObject({ status: 'triggered', firedCount: 1 });
    // a later move does not fire a one-shot alert again
    await price('3000000');
    await price('3130000');
    await sleep(400);
    expect((await s.t.api('GET', `/api/alerts/events?since=${since}`)).json.data.events).toHaveLength(1);
    const listed = (await s.t.api('GET', '/api/alerts')).json.data;
    expect(listed.unseen.map((e: Loose) => e.id)).toContain(ev.id);
    const ack = await s.t.api('POST', '/api/alerts/ack', { body: { ids: [ev.id] } });
    expect(ack.json.data.acked).toBe(1);
    expect((await s.t.api('GET', '/api/alerts')).json.data.unseen).toHaveLength(0);
  });

  it('edits re-arm, disable stops it, delete removes it', async () => {
    await price('3000000');
    const c = await s.t.api('POST', '/api/alerts', {
      body: { symbol: SYM, condition: { type: 'below', level: '2800000' }, repeat: true, cooldownSec: 0 },
    });
    const id = c.json.data.id as string;
    const e1 = await s.t.api('PATCH', `/api/alerts/${id}`, {
      body: { condition: { type: 'below', level: '2950000' } },
    });
    expect(e1.json.data).toMatchObject({ condition: { type: 'below', level: '2950000' }, status: 'active' });
    await waitLive(s.t);
    let since = (await s.t.api('GET', '/api/alerts')).json.data.lastEventId as number;
    await price('2940000');
    await waitEvents(s.t, since, 1);
    expect(await getAlert(s.t, id)).toMatchObject({ status: 'active', firedCount: 1 }); // repeating
    const off = await s.t.api('POST', `/api/alerts/${id}`, { body: { enabled: false } });
    expect(off.json.data.status).toBe('disabled');
    since = (await s.t.api('GET', '/api/alerts')).json.data.lastEventId as number;
    await price('3000000');
    await price('2900000');
    await sleep(400);
    expect((await s.t.api('GET', `/api/alerts/events?since=${since}`)).json.data.events).toHaveLength(0);
    expect((await s.t.api('DELETE', `/api/alerts/${id}`)).status).toBe(200);
    expect(await getAlert(s.t, id)).toBeUndefined();
  });

  it('a % move alert fires from the window low', async () => {
    await price('3000000');
    const c = await s.t.api('POST', '/api/alerts', {
      body: { symbol: SYM, condition: { type: 'move', percent: '2', windowSec: 60, direction: 'up' } },
    });
    await waitLive(s.t);
    const since = (await s.t.api('GET', '/api/alerts')).json.data.lastEventId as number;
    await sleep(50);
    await price('2990000');
    await price('3030000'); // +1.34 %
    await sleep(300);
    expect((await s.t.api('GET', `/api/alerts/events?since=${since}`)).json.data.events).toHaveLength(0);
    await price('3060000'); // +2.34 % from 2,990,000
    const [ev] = await waitEvents(s.t, since, 1);
    expect(ev).toMatchObject({
      alertId: c.json.data.id,
      price: '3060000',
      from: '2990000',
      changePct: '2.34',
    });
  });

  it('a dip among trades never streamed, older than the 500 read back, is found in the candles', async () => {
    const sym = 'sol_krw';
    await s.admin('/market/price', { symbol: sym, price: '250000' });
    const c = await s.t.api('POST', '/api/alerts', {
      body: { symbol: sym, condition: { type: 'below', level: '240000' } },
    });
    const id = c.json.data.id as string;
    const kept = await s.t.api('POST', '/api/alerts', {
      body: { symbol: sym, condition: { type: 'below', level: '200000' } },
    });
    await waitLive(s.t);
    const since = (await s.t.api('GET', '/api/alerts')).json.data.lastEventId as number;
    // written straight into the exchange's history (no stream frame): two minutes on, a dip to 235,000,
    // then 600 trades back at 250,000, so the newest 500 no longer reach the dip
    const t0 = Date.now();
    s.sbx.internals.exchange.importHistory(sym, [
      { timestamp: t0 + 120_000, price: '235000', qty: '0.01', isBuyerTaker: false },
      ...Array.from({ length: 600 }, (_, i) => ({
        timestamp: t0 + 240_000 + i * 100,
        price: '250000',
        qty: '0.01',
        isBuyerTaker: true,
      })),
    ]);
    s.t.proxy.internals.conditional.feed.kill(); // the shared trade stream reconnects; both engines backfill
    const [ev] = await waitEvents(s.t, since, 1);
    expect(ev).toMatchObject({ alertId: id, price: '240000', bars: '1' });
    expect(await getAlert(s.t, id)).toMatchObject({ status: 'triggered', firedCount: 1 });
    expect(await getAlert(s.t, kept.json.data.id)).toMatchObject({ status: 'active', firedCount: 0 });
  });

  it('keeps its alerts across a restart and fires while no browser is connected', async () => {
    const configDir = s.t.configDir;
    await price('3000000');
    const c = await s.t.api('POST', '/api/alerts', {
      body: { symbol: SYM, condition: { type: 'above', level: '3300000' } },
    });
    const id = c.json.data.id as string;
    await s.t.proxy.close();
    const upstream = { url: s.sbx.restUrl, wsPublicUrl: s.sbx.wsPublicUrl, wsPrivateUrl: s.sbx.wsPrivateUrl };
    const t2 = await startTestProxy(upstream, { configDir, importCredentials: s.sbx.credentialsPath });
    s.t = t2;
    expect(await getAlert(t2, id)).toMatchObject({ status: 'active' });
    await waitLive(t2);
    const since = (await t2.api('GET', '/api/alerts')).json.data.lastEventId as number;
    await price('3310000');
    const [ev] = await waitEvents(t2, since, 1);
    expect(ev).toMatchObject({ alertId: id, price: '3310000', seen: false });
  });
});
