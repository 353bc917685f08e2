// Brackets and resting-leg fills against the real sandbox, with a second user as the counterparty.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startSandboxStack } from '../e2e/sandboxHarness.js';
import { type Loose, sleep } from '../testing/harness.js';
import { armConditional, waitForConditional } from './testing/stackHelpers.js';

let s: Stack;
const SYM = 'sol_krw';
let other: string;

beforeAll(async () => {
  s = await startSandboxStack({ conditional: { pollMs: 100, lateMs: 0 } });
  await s.admin('/market/price', { symbol: SYM, price: '250000' });
  const u = await s.admin('/users', { name: 'counterparty' });
  const key = await s.admin('/keys', { userId: u.data.userId, type: 'hmac-sha256' });
  await s.admin('/balance', { userId: u.data.userId, currency: 'sol', amount: '100' });
  await s.admin('/balance', { userId: u.data.userId, currency: 'krw', amount: '100000000' });
  const p = await s.t.api('POST', '/api/profiles', {
    body: { label: 'other', apiKey: key.data.apiKey, type: 'hmac-sha256', secret: key.data.secret },
  });
  other = p.json.data.profile.id;
});
afterAll(async () => {
  await s?.close();
});

async function counter(side: 'buy' | 'sell', price: string, qty: string): Promise<void> {
  const r = await s.t.api('POST', '/api/v2/orders', {
    headers: { 'X-Profile': other },
    body: { symbol: SYM, side, orderType: 'limit', price, qty },
  });
  expect(r.json.success, r.text).toBe(true);
}

const waitFor = (id: string, pred: (c: Loose) => boolean) => waitForConditional(s.t, id, pred);
const arm = (definition: unknown) => armConditional(s.t, definition);

describe('brackets and resting legs (real sandbox)', () => {
  it('bracket: the entry fills partly and closes, the exits arm for the filled qty, the stop fires', async () => {
    const def = {
      kind: 'bracket',
      symbol: SYM,
      onGap: 'fire',
      entry: { side: 'buy', orderType: 'limit', price: '249000', qty: '4' },
      legs: [
        {
          kind: 'trigger',
          trigger: { type: 'cross', direction: 'up', level: '270000' },
          order: { side: 'sell', orderType: 'limit', price: '270000' },
        },
        {
          kind: 'trigger',
          trigger: { type: 'cross', direction: 'down', level: '240000' },
          order: { side: 'sell', orderType: 'market' },
        },
      ],
    };
    const c = await arm(def);
    expect(c.status).toBe('entryOpen');
    await counter('sell', '249000', '1.5'); // fills 1.5 of 4
    await sleep(300);
    expect((await waitFor(c.id, () => true)).status).toBe('entryOpen'); // still open
    // the user cancels the rest of the entry on the exchange: the exits take the 1.5 filled
    await s.t.api('DELETE', `/api/v2/orders?symbol=${SYM}&orderId=${c.entryOrderId}`);
    const exits = await waitFor(c.id, (x) => x.status === 'armed');
    expect(exits.legs.map((l: Loose) => l.order.qty)).toEqual(['1.5', '1.5']);
    await s.admin('/market/price', { symbol: SYM, price: '239000' });
    const done = await waitFor(c.id, (x) => x.status === 'placed');
    expect(done.fired.leg).toBe(1);
    const order = (await s.t.api('GET', `/api/v2/orders?symbol=${SYM}&clientOrderId=kc-${c.id}-t1`)).json
      .data;
    expect(order).toMatchObject({ side: 'sell', orderType: 'market', qty: '1.5' });
  });

  it('OCO: a resting leg partly filled before the stop fires leaves the stop only the rest', async () => {
    await s.admin('/market/price', { symbol: SYM, price: '250000' });
    const def = {
      kind: 'oco',
      symbol: SYM,
      onGap: 'fire',
      legs: [
        { kind: 'resting', order: { side: 'sell', orderType: 'limit', price: '260000', qty: '2' } },
        {
          kind: 'trigger',
          trigger: { type: 'cross', direction: 'down', level: '245000' },
          order: { side: 'sell', orderType: 'market', qty: '2' },
        },
      ],
    };
    const c = await arm(def);
    await counter('buy', '260000', '0.5');
    await s.admin('/market/price', { symbol: SYM, price: '244000' });
    const done = await waitFor(c.id, (x) => x.status === 'placed');
    expect(done.restingFilled).toBe('0.5');
    const order = (await s.t.api('GET', `/api/v2/orders?symbol=${SYM}&clientOrderId=kc-${c.id}-t1`)).json
      .data;
    expect(order.qty).toBe('1.5');
    const resting = (await s.t.api('GET', `/api/v2/orders?symbol=${SYM}&orderId=${c.restingOrderId}`)).json
      .data;
    expect(resting.status).toBe('partiallyFilledCanceled');
  });

  it('OCO: the resting leg filled in full completes it, and the stop never places anything', async () => {
    await s.admin('/market/price', { symbol: SYM, price: '250000' });
    const def = {
      kind: 'oco',
      symbol: SYM,
      onGap: 'fire',
      legs: [
        { kind: 'resting', order: { side: 'sell', orderType: 'limit', price: '255000', qty: '1' } },
        {
          kind: 'trigger',
          trigger: { type: 'cross', direction: 'down', level: '245000' },
          order: { side: 'sell', orderType: 'market', qty: '1' },
        },
      ],
    };
    const c = await arm(def);
    await counter('buy', '255000', '1');
    expect((await waitFor(c.id, (x) => x.status === 'completed')).restingFilled).toBe('1');
    await s.admin('/market/price', { symbol: SYM, price: '240000' });
    await sleep(400);
    const r = await s.t.api('GET', `/api/v2/orders?symbol=${SYM}&clientOrderId=kc-${c.id}-t1`);
    expect(r.json.success).toBe(false);
  });
});
