// Paper mode without a reachable source: it starts, says so with a code, refuses market reads and
// orders with it, keeps the account readable, and keeps trying.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../index.js';
import { type Client, startSandbox } from '../../testing/client.js';

let paper: Sandbox;
let client: Client;

beforeAll(async () => {
  // port 9 (discard) on loopback: nothing listens there
  const p = await startSandbox({
    market: {
      kind: 'mirrored',
      restUrl: 'http://127.0.0.1:9',
      wsPublicUrl: 'ws://127.0.0.1:9/v2/public',
      retryMs: { baseMs: 50, capMs: 200 },
    },
  });
  paper = p.sb;
  client = p.hmac;
  const end = Date.now() + 5000;
  while (paper.marketSource?.status().state !== 'unreachable' && Date.now() < end)
    await new Promise((r) => setTimeout(r, 20));
});

afterAll(async () => {
  await paper?.close();
});

describe('paper mode with its source unreachable', () => {
  it('tells it in its status with a code, and keeps retrying', async () => {
    const s = paper.marketSource!.status();
    expect(s.state).toBe('unreachable');
    expect(s.code).toBe('PAPER_SOURCE_UNREACHABLE');
    const before = s.failures;
    await new Promise((r) => setTimeout(r, 600));
    expect(paper.marketSource!.status().failures).toBeGreaterThan(before);
  });

  it('answers market reads and orders with the code instead of made-up data; the account stays readable', async () => {
    for (const path of ['/v2/tickers', '/v2/orderbook?symbol=btc_krw', '/v2/currencyPairs']) {
      const r = await client.pub(path);
      expect(r.status, path).toBe(503);
      expect(r.body.error?.message).toBe('PAPER_SOURCE_UNREACHABLE');
    }
    const o = await client.call('POST', '/v2/orders', {
      symbol: 'btc_krw',
      side: 'buy',
      orderType: 'limit',
      price: '100000000',
      qty: '0.001',
    });
    expect(o.status).toBe(503);
    expect(o.body.error?.message).toBe('PAPER_SOURCE_UNREACHABLE');
    const bal = await client.call('GET', '/v2/balance');
    expect(bal.status).toBe(200);
  });
});
