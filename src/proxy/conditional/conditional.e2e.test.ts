// Conditional orders against the real sandbox, driven by its admin price control.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startSandboxStack } from '../e2e/sandboxHarness.js';
import { type Loose, sleep } from '../testing/harness.js';
import {
  armConditional,
  ordersWithClientId as exchangeOrders,
  stopSellDef,
  waitForConditional,
} from './testing/stackHelpers.js';

let s: Stack;
const SYM = 'eth_krw';

beforeAll(async () => {
  s = await startSandboxStack({ conditional: { pollMs: 100, lateMs: 0 } });
  await s.admin('/market/price', { symbol: SYM, price: '3000000' });
});
afterAll(async () => {
  await s?.close();
});

async function price(p: string): Promise<void> {
  const r = await s.admin('/market/price', { symbol: SYM, price: p });
  expect(r.success).toBe(true);
}

const waitFor = (id: string, pred: (c: Loose) => boolean, ms = 8000) => waitForConditional(s.t, id, pred, ms);
const arm = (definition: unknown) => armConditional(s.t, definition);

async function waitLive(): Promise<void> {
  for (let t = 0; t < 100; t++) {
    const st = (await s.t.api('GET', '/api/conditional/status')).json.data;
    if (st.marketData === 'live') return;
    await sleep(50);
  }
  throw new Error('trigger engine never received market data');
}

const stopSell = (level: string, qty = '0.01', onGap: 'fire' | 'cancel' = 'fire') =>
  stopSellDef(SYM, level, qty, onGap);

const ordersWithClientId = (coid: string) => exchangeOrders(s.t, SYM, coid);

describe('conditional orders (real sandbox)', () => {
  it('previews without storing, refuses what the order form would refuse', async () => {
    const pv = await s.t.api('POST', '/api/conditional/preview', {
      body: { definition: stopSell('2900000') },
    });
    expect(pv.status).toBe(200);
    expect(pv.json.data.ok).toBe(true);
    expect(pv.json.data.orders[0].params).toMatchObject({ side: 'sell', orderType: 'market', qty: '0.01' });
    expect((await s.t.api('GET', '/api/conditional')).json.data.entries).toHaveLength(0);
    const crossed = await s.t.api('POST', '/api/conditional', { body: { definition: stopSell('3100000') } });
    expect(crossed.status).toBe(400);
    expect(crossed.json.error.message).toBe('TRIGGER_ALREADY_CROSSED');
    const garbage = await s.t.api('POST', '/api/conditional', {
      body: { definition: { kind: 'stop', legs: 'x' } },
    });
    expect(garbage.status).toBe(400);
    expect(garbage.json.error.message).toBe('BAD_REQUEST');
    const badSeq = await s.t.api('POST', '/api/conditional', {
      body: { definition: stopSell('2900000'), accountSeq: 'x' },
    });
    expect(badSeq.status).toBe(400);
    const notJson = await s.t.api('POST', '/api/conditional', { body: '{"definition":' });
    expect(notJson.status).toBe(400);
    const badLevel = await s.t.api('POST', '/api/conditional/abc/level', { body: { leg: 5, level: '1e9' } });
    expect(badLevel.status).toBe(400);
    expect((await s.t.api('DELETE', '/api/conditional/nosuchid')).status).toBe(404);
    const huge = await s.t.api('POST', '/api/conditional', {
      body: { definition: stopSell('2900000', '100000') },
    });
    expect(huge.json.error.message).toMatch(/NO_BALANCE|ORDER_VALUE_TOO_LARGE/);
  });

  it('a stop-market sell fires once when the price crosses, placed with its derived clientOrderId', async () => {
    const armed = await arm(stopSell('2900000'));
    const id = armed.id as string;
    expect(armed.status).toBe('armed');
    await waitLive();
    await price('2950000'); // above the level: nothing
    await sleep(300);
    expect((await waitFor(id, () => true)).status).toBe('armed');
    await price('2900000'); // equal counts as crossed
    const done = await waitFor(id, (c) => c.status === 'placed');
    expect(done.fired.price).toBe('2900000');
    expect(done.clientOrderId).toBe(`kc-${id}-t0`);
    await sleep(300);
    expect(await ordersWithClientId(done.clientOrderId)).toHaveLength(1);
    const journal = (await s.t.api('GET', '/api/journal')).json.entries.filter(
      (e: Loose) => e.clientOrderId === done.clientOrderId,
    );
    expect(journal).toHaveLength(1);
    expect(journal[0].orderId).toBe(done.orderId);
  });

  it('an OCO whose two legs are hit in the same second: exactly one places an order', async () => {
    await price('3000000');
    const def = {
      kind: 'oco',
      symbol: SYM,
      onGap: 'fire',
      legs: [
        {
          kind: 'trigger',
          trigger: { type: 'cross', direction: 'up', level: '3050000' },
          order: { side: 'sell', orderType: 'market', qty: '0.01' },
        },
        {
          kind: 'trigger',
          trigger: { type: 'cross', direction: 'down', level: '2950000' },
          order: { side: 'sell', orderType: 'market', qty: '0.01' },
        },
      ],
    };
    const id = (await arm(def)).id as string;
    await Promise.all([price('3060000'), price('2940000')]);
    const done = await waitFor(id, (c) => c.status === 'placed');
    await sleep(500);
    const t0 = await ordersWithClientId(`kc-${id}-t0`);
    const t1 = await ordersWithClientId(`kc-${id}-t1`);
    expect(t0.length + t1.length).toBe(1);
    expect(done.clientOrderId).toBe(t0.length ? `kc-${id}-t0` : `kc-${id}-t1`);
    expect((await waitFor(id, () => true)).status).toBe('placed');
  });

  it('an OCO with a resting limit leg: the stop firing cancels the resting order first', async () => {
    await price('3000000');
    const def = {
      kind: 'oco',
      symbol: SYM,
      onGap: 'fire',
      legs: [
        { kind: 'resting', order: { side: 'sell', orderType: 'limit', price: '3500000', qty: '0.01' } },
        {
          kind: 'trigger',
          trigger: { type: 'cross', direction: 'down', level: '2900000' },
          order: { side: 'sell', orderType: 'market', qty: '0.01' },
        },
      ],
    };
    const c = await arm(def);
    expect(c.status).toBe('armed');
    const resting = await s.t.api('GET', `/api/v2/orders?symbol=${SYM}&orderId=${c.restingOrderId}`);
    expect(resting.json.data.status).toBe('open');
    await price('2890000');
    const done = await waitFor(c.id, (x) => x.status === 'placed');
    const after = await s.t.api('GET', `/api/v2/orders?symbol=${SYM}&orderId=${c.restingOrderId}`);
    expect(after.json.data.status).toBe('canceled');
    expect(done.orderId).not.toBe(c.restingOrderId);
  });

  it('moving an armed trigger level (dragging its chart line) is checked like arming', async () => {
    await price('3000000');
    const id = (await arm(stopSell('2800000'))).id;
    const moved = await s.t.api('POST', `/api/conditional/${id}/level`, {
      body: { leg: 0, level: '2950000' },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json.data.legs[0].trigger.level).toBe('2950000');
    const crossed = await s.t.api('POST', `/api/conditional/${id}/level`, {
      body: { leg: 0, level: '3100000' },
    });
    expect(crossed.json.error.message).toBe('TRIGGER_ALREADY_CROSSED');
    await price('2940000');
    expect((await waitFor(id, (c) => c.status === 'placed')).fired.price).toBe('2940000');
  });

  it('a trailing stop by amount with activation follows the high and fires on the pullback', async () => {
    await price('3000000');
    const def = {
      kind: 'trailing',
      symbol: SYM,
      onGap: 'fire',
      legs: [
        {
          kind: 'trigger',
          trigger: {
            type: 'trailing',
            direction: 'down',
            distance: { amount: '50000' },
            activation: '3100000',
          },
          order: { side: 'sell', orderType: 'market', qty: '0.01' },
        },
      ],
    };
    const id = (await arm(def)).id;
    await price('2900000'); // below the activation: a 50,000 drop means nothing yet
    await price('3100000'); // activates at 3,100,000
    await price('3250000'); // new high: the stop follows to 3,200,000
    const trailing = await waitFor(id, (c) => c.trail[0]?.extreme === '3250000');
    expect(trailing.status).toBe('armed');
    await price('3210000');
    await sleep(300);
    expect((await waitFor(id, () => true)).status).toBe('armed');
    await price('3200000');
    expect((await waitFor(id, (c) => c.status === 'placed')).fired.price).toBe('3200000');
  });

  it('dragging an active trailing stop changes its distance from the high, in its own unit', async () => {
    await price('3000000');
    const trail = (distance: unknown) => ({
      kind: 'trailing',
      symbol: SYM,
      onGap: 'fire',
      legs: [
        {
          kind: 'trigger',
          trigger: { type: 'trailing', direction: 'down', distance },
          order: { side: 'sell', orderType: 'market', qty: '0.01' },
        },
      ],
    });
    const byPct = (await arm(trail({ percent: '5' }))).id;
    const byAmt = (await arm(trail({ amount: '100000' }))).id;
    const move = (id: string, level: string) =>
      s.t.api('POST', `/api/conditional/${id}/level`, { body: { leg: 0, level } });
    // not active until a trade after arming: nothing to move yet
    const early = await move(byAmt, '2950000');
    expect(early.json.error.message).toBe('TRAIL_LEVEL_INVALID');
    await price('3100000'); // both activate with 3,100,000 as their high
    await waitFor(byPct, (c) => c.trail[0]?.extreme === '3100000');
    await waitFor(byAmt, (c) => c.trail[0]?.extreme === '3100000');

    const pct = await move(byPct, '3038000');
    expect(pct.status, pct.text).toBe(200);
    expect(pct.json.data.legs[0].trigger.distance).toEqual({ percent: '2' });
    const amt = await move(byAmt, '3050000');
    expect(amt.json.data.legs[0].trigger.distance).toEqual({ amount: '50000' });
    // above the high is not a stop level; at or below the last price would fire at once
    expect((await move(byAmt, '3150000')).json.error.message).toBe('TRAIL_LEVEL_INVALID');
    await price('3060000');
    expect((await move(byAmt, '3070000')).json.error.message).toBe('TRIGGER_ALREADY_CROSSED');

    // the moved stops fire where they were dropped (the high is still 3,100,000)
    await price('3050000');
    expect((await waitFor(byAmt, (c) => c.status === 'placed')).fired.price).toBe('3050000');
    expect((await waitFor(byPct, () => true)).status).toBe('armed');
    await price('3038000');
    expect((await waitFor(byPct, (c) => c.status === 'placed')).fired.price).toBe('3038000');
  });

  it('cancel: an armed one stops; a placed one cannot be canceled', async () => {
    await price('3000000');
    const id = (await arm(stopSell('2800000'))).id;
    const del = await s.t.api('DELETE', `/api/conditional/${id}`);
    expect(del.status).toBe(200);
    expect(del.json.data.status).toBe('canceled');
    await price('2700000');
    await sleep(400);
    expect((await waitFor(id, () => true)).status).toBe('canceled');
    expect(await ordersWithClientId(`kc-${id}-t0`)).toHaveLength(0);
    expect((await s.t.api('DELETE', `/api/conditional/${id}`)).status).toBe(409);
  });
});
