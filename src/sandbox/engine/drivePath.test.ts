// The engine bench must drive the engine the way the exchange does. Every engine call that matches
// or changes a book is logged (the shared drive.ts functions, match.ts's matching calls and the
// book's own writes), then the same orders go through the sandbox over HTTP and through the bench's
// adapter (bench/engine/books.ts): the two logs must be the same, op by op.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EngineBook } from '../../../bench/engine/books.js';
import { BUY, SELL } from '../../../bench/engine/stream.js';
import { type Client, makeUser, startSandbox } from '../testing/client.js';
import { OrderBook } from './book.js';

const { log, logged } = vi.hoisted(() => {
  const log: string[] = [];
  const logged =
    <A extends unknown[], R>(name: string, f: (...a: A) => R) =>
    (...a: A): R => {
      log.push(name);
      return f(...a);
    };
  return { log, logged };
});

vi.mock('./drive.js', async (orig) => {
  const m = await orig<typeof import('./drive.js')>();
  return {
    ...m,
    placeOrder: logged('placeOrder', m.placeOrder),
    cancelOrder: logged('cancelOrder', m.cancelOrder),
  };
});
vi.mock('./match.js', async (orig) => {
  const m = await orig<typeof import('./match.js')>();
  return {
    ...m,
    take: logged('take', m.take),
    plan: logged('plan', m.plan),
    apply: logged('apply', m.apply),
  };
});
for (const k of ['insert', 'add', 'cancel', 'remove', 'reduce', 'fill', 'sweep'] as const) {
  const orig = OrderBook.prototype[k] as (...a: unknown[]) => unknown;
  (OrderBook.prototype as unknown as Record<string, unknown>)[k] = function (
    this: OrderBook,
    ...a: unknown[]
  ) {
    log.push(`book.${k}`);
    return orig.apply(this, a);
  };
}

let env: Awaited<ReturnType<typeof startSandbox>>;
let mm: Client;
const S = 'xrp_krw';

beforeAll(async () => {
  env = await startSandbox();
  mm = (await makeUser(env, 'mm', { krw: '100000000', xrp: '100000' })).client;
});
afterAll(async () => {
  await env.sb.close();
});

/** The engine calls one step makes. */
async function calls(step: () => unknown): Promise<string[]> {
  log.length = 0;
  await step();
  return [...log];
}

async function place(c: Client, p: Record<string, string>) {
  const r = await c.call('POST', '/v2/orders', { symbol: S, ...p });
  expect(r.body.success, JSON.stringify(r.body)).toBe(true);
  return r.body.data.orderId as number;
}

describe('the engine bench and the exchange make the same engine calls', () => {
  it('for a resting limit, a crossing limit, a market order and a cancel', async () => {
    const me = env.hmac;
    const bench = new EngineBook();
    const ex: string[][] = [];
    const b: string[][] = [];
    // a sell that rests, then a buy that crosses it in part
    let sellId = 0;
    ex.push(
      await calls(
        async () =>
          (sellId = await place(mm, { side: 'sell', orderType: 'limit', price: '3000', qty: '10' })),
      ),
    );
    b.push(await calls(() => bench.limit(1, 1, SELL, 30_000_000, 1_000_000_000)));
    ex.push(await calls(() => place(me, { side: 'buy', orderType: 'limit', price: '3000', qty: '4' })));
    b.push(await calls(() => bench.limit(2, 2, BUY, 30_000_000, 400_000_000)));
    // a buy that crosses the rest and rests its remainder
    ex.push(await calls(() => place(me, { side: 'buy', orderType: 'limit', price: '3000', qty: '10' })));
    b.push(await calls(() => bench.limit(3, 2, BUY, 30_000_000, 1_000_000_000)));
    // a market sell by quantity into that bid
    ex.push(await calls(() => place(mm, { side: 'sell', orderType: 'market', qty: '2' })));
    b.push(await calls(() => bench.market(1, SELL, 200_000_000)));
    // a cancel of the resting bid
    const open = await me.data('GET', '/v2/openOrders', { symbol: S });
    const bidId = open.find((o: { side: string }) => o.side === 'buy').orderId as number;
    ex.push(await calls(() => me.call('DELETE', '/v2/orders', { symbol: S, orderId: bidId })));
    b.push(await calls(() => bench.cancel(3)));
    expect(sellId).toBeGreaterThan(0);
    expect(ex[0]).toEqual(['placeOrder', 'book.insert']);
    expect(ex[4]).toEqual(['cancelOrder', 'book.cancel']);
    expect(b).toEqual(ex);
    expect(bench.resting()).toBe(0);
  });
});
