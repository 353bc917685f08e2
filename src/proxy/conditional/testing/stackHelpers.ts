// Helpers of the conditional-order tests that drive the real sandbox through a test proxy.
import { expect } from 'vitest';
import { type Loose, sleep, type TestProxy } from '../../testing/harness.js';

/** Polls GET /api/conditional every 50 ms until entry `id` satisfies `pred`; throws after about `ms`. */
export async function waitForConditional(
  t: Pick<TestProxy, 'api'>,
  id: string,
  pred: (c: Loose) => boolean,
  ms = 10_000,
): Promise<Loose> {
  let last: Loose;
  for (let waited = 0; waited < ms; waited += 50) {
    last = (await t.api('GET', '/api/conditional')).json.data.entries.find((e: Loose) => e.id === id);
    if (last && pred(last)) return last;
    await sleep(50);
  }
  throw new Error(`conditional ${id} never matched; last ${JSON.stringify(last)}`);
}

/** The exchange's orders of `symbol` (last 100) that carry `clientOrderId`. */
export async function ordersWithClientId(
  t: Pick<TestProxy, 'api'>,
  symbol: string,
  clientOrderId: string,
): Promise<Loose[]> {
  const r = await t.api('GET', `/api/v2/allOrders?symbol=${symbol}&limit=100`);
  return (r.json.data as Loose[]).filter((o) => o.clientOrderId === clientOrderId);
}

/** Arms `definition` through POST /api/conditional, expects 201 and returns the stored conditional. */
export async function armConditional(t: Pick<TestProxy, 'api'>, definition: unknown): Promise<Loose> {
  const r = await t.api('POST', '/api/conditional', { body: { definition } });
  expect(r.status, r.text).toBe(201);
  return r.json.data.conditional;
}

/** A stop that sells `qty` at market once a trade prints at or below `level`. */
export const stopSellDef = (symbol: string, level: string, qty: string, onGap: 'fire' | 'cancel') => ({
  kind: 'stop',
  symbol,
  onGap,
  legs: [
    {
      kind: 'trigger',
      trigger: { type: 'cross', direction: 'down', level },
      order: { side: 'sell', orderType: 'market', qty },
    },
  ],
});
