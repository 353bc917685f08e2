// The sandbox's answers, key by key against the live fixtures: every field the sandbox sends must be
// one the live service sends (or a documented extra), so a shape the live service never produces cannot
// creep back into the sandbox (and from there into the dashboard).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_OPTIONAL_FIELDS, LIVE_REST, type LiveEndpoint } from '../../core/fixtures/live/rest.js';
import { makeUser, startSandbox } from '../testing/client.js';

let env: Awaited<ReturnType<typeof startSandbox>>;

/** Fields the sandbox sends beyond the live fixtures, each a recorded decision (docs/api-decisions.md). */
const EXTRAS: Partial<Record<LiveEndpoint, string[]>> = {
  // spec 2.8 lists closedAt / triggeredAt on the order record
  'GET /v2/orders': ['closedAt', 'triggeredAt'],
  'GET /v2/allOrders': ['closedAt', 'triggeredAt'],
};

type Row = Record<string, unknown>;
const rowsOf = (v: unknown): Row[] => (Array.isArray(v) ? (v as Row[]) : [v as Row]);
const keysOf = (v: unknown) => new Set(rowsOf(v).flatMap((r) => Object.keys(r)));

beforeAll(async () => {
  env = await startSandbox({ rateLimitScale: 100 });
  const mm = (await makeUser(env, 'mm', { krw: '100000000', btc: '10' })).client;
  await mm.data('POST', '/v2/orders', {
    symbol: 'btc_krw',
    side: 'sell',
    orderType: 'limit',
    price: '140000000',
    qty: '0.01',
  });
  await env.hmac.data('POST', '/v2/orders', {
    symbol: 'btc_krw',
    side: 'buy',
    orderType: 'limit',
    price: '140000000',
    qty: '0.004',
    clientOrderId: 'shape-1',
  });
  await env.hmac.data('POST', '/v2/orders', {
    symbol: 'btc_krw',
    side: 'buy',
    orderType: 'limit',
    price: '100000000',
    qty: '0.001',
  });
  await env.admin('/admin/deposit', { currency: 'btc', amount: '0.5', instant: true });
  await env.hmac.data('POST', '/v2/coin/depositAddress', { currency: 'btc' });
});
afterAll(async () => {
  await env.sb.close();
});

async function answer(ep: LiveEndpoint): Promise<unknown> {
  const c = env.hmac;
  const oid = (await c.data('GET', '/v2/allOrders', { symbol: 'btc_krw' }))[0].orderId;
  const dep = (await c.data('GET', '/v2/coin/recentDeposits'))[0];
  switch (ep) {
    case 'GET /v2/tickers':
      return c.data('GET', '/v2/tickers', { symbol: 'btc_krw' });
    case 'GET /v2/orderbook':
    case 'GET /v2/trades':
    case 'GET /v2/openOrders':
    case 'GET /v2/allOrders':
    case 'GET /v2/myTrades':
      return c.data('GET', ep.slice(4), { symbol: 'btc_krw' });
    case 'GET /v2/candles':
      return c.data('GET', '/v2/candles', { symbol: 'btc_krw', interval: '1', limit: 5 });
    case 'GET /v2/tickSizePolicy':
      return c.data('GET', '/v2/tickSizePolicy', { symbol: 'btc_krw' });
    case 'GET /v2/orders':
      return c.data('GET', '/v2/orders', { symbol: 'btc_krw', orderId: oid });
    case 'POST /v2/orders':
      return c.data('POST', '/v2/orders', {
        symbol: 'btc_krw',
        side: 'buy',
        orderType: 'limit',
        price: '100000000',
        qty: '0.001',
      });
    case 'GET /v2/coin/depositAddress':
    case 'POST /v2/coin/depositAddress':
      return c.data(ep.startsWith('GET') ? 'GET' : 'POST', '/v2/coin/depositAddress', { currency: 'btc' });
    case 'GET /v2/coin/deposit':
      return c.data('GET', '/v2/coin/deposit', { currency: dep.currency, coinDepositId: dep.id });
    case 'POST /v2/coin/withdrawal':
    case 'GET /v2/coin/withdrawal':
    case 'GET /v2/coin/recentWithdrawals': {
      const addr = (await c.data('GET', '/v2/coin/withdrawableAddresses', { currency: 'btc' }))[0];
      const w = await c.data('POST', '/v2/coin/withdrawal', {
        currency: 'btc',
        amount: '0.01',
        address: addr.address,
        network: addr.network,
      });
      if (ep === 'POST /v2/coin/withdrawal') return w;
      if (ep === 'GET /v2/coin/withdrawal')
        return c.data('GET', '/v2/coin/withdrawal', {
          currency: 'btc',
          coinWithdrawalId: w.coinWithdrawalId,
        });
      return c.data('GET', '/v2/coin/recentWithdrawals');
    }
    case 'GET /v2/krw/recentDeposits':
      await c.call('POST', '/v2/krw/sendKrwDepositPush', { amount: '10000' });
      return c.data('GET', ep.slice(4));
    case 'GET /v2/krw/recentWithdrawals':
      await c.call('POST', '/v2/krw/sendKrwWithdrawalPush', { amount: '10000' });
      return c.data('GET', ep.slice(4));
    default: {
      const [method, path] = ep.split(' ') as ['GET', string];
      return c.data(method, path);
    }
  }
}

describe('sandbox answers carry only live fields', () => {
  it.each(Object.keys(LIVE_REST) as LiveEndpoint[])('%s', async (ep) => {
    const got = await answer(ep);
    expect(rowsOf(got).length).toBeGreaterThan(0);
    const live = keysOf(LIVE_REST[ep]);
    for (const k of [...(LIVE_OPTIONAL_FIELDS[ep] ?? []), ...(EXTRAS[ep] ?? [])]) live.add(k);
    const foreign = [...keysOf(got)].filter((k) => !live.has(k));
    expect(foreign, `${ep} sends fields the live service does not`).toEqual([]);
  });
});
