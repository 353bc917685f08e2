/**
 * Paper mode end to end in one process: a source sandbox (its own market, driven in-process so its
 * request log holds only what the paper sandbox asked), and a paper sandbox mirroring it. Orders go
 * to the paper sandbox over signed REST, as the proxy sends them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestLogEntry, Sandbox } from '../../index.js';
import { type Client, startSandbox } from '../../testing/client.js';
import { PUBLIC_READ_PATHS, publicWsUrlOf } from '../mirror/publicClient.js';

const SYM = 'btc_krw';
let source: Sandbox;
let paper: Sandbox;
let client: Client;
const log: RequestLogEntry[] = [];

/** Source's demo user places a resting order directly (no HTTP: the log stays the mirror's). */
function sourceOrder(side: 'buy' | 'sell', price: string, qty: string) {
  const r = source.context.exchange.placeOrder({
    userId: source.context.demoUserId,
    accountSeq: 1,
    symbol: SYM,
    side,
    orderType: 'limit',
    price,
    qty,
  });
  if (!r.ok || r.value.status !== 'open') throw new Error(JSON.stringify(r));
  return r.value;
}

/** Another user of the source sells (or buys) IOC, in-process; returns the filled quantity. */
function sourceTaker(side: 'buy' | 'sell', price: string, qty: string): string {
  const userId = source.context.exchange.createBotUser('source-taker', { btc: '10', krw: '100000000' });
  const r = source.context.exchange.placeOrder({
    userId,
    accountSeq: 1,
    symbol: SYM,
    side,
    orderType: 'limit',
    price,
    qty,
    timeInForce: 'ioc',
  });
  return r.ok ? r.value.filledQty : JSON.stringify(r.error);
}

async function until<T>(fn: () => T | Promise<T>, what: string, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  const s = await startSandbox({ onRequest: (e) => log.push(e), publishIntervalMs: 10 });
  source = s.sb;
  // the source's book: asks 140,000,000 x 0.01, 140,050,000 x 0.02, 140,100,000 x 0.5; bids below
  sourceOrder('sell', '140000000', '0.01');
  sourceOrder('sell', '140050000', '0.02');
  sourceOrder('sell', '140100000', '0.5');
  sourceOrder('buy', '139900000', '0.03');
  sourceOrder('buy', '139850000', '0.2');
  const p = await startSandbox({
    market: { kind: 'mirrored', restUrl: source.restUrl, wsPublicUrl: publicWsUrlOf(source.restUrl) },
  });
  paper = p.sb;
  client = p.hmac;
  await until(() => paper.marketSource?.status().state === 'ready', 'the source to be ready');
  await paper.marketSource!.source.whenReady(SYM, 5000);
}, 30_000);

afterAll(async () => {
  await paper?.close();
  await source?.close();
});

describe('paper mode on a second sandbox as the source', () => {
  it('serves the source book (merged with nothing yet) on GET /v2/orderbook', async () => {
    const mine = await client.pub(`/v2/orderbook?symbol=${SYM}`);
    const theirs = source.context.exchange.getOrderbook(SYM, 200);
    expect(mine.body.data.asks).toEqual(theirs.asks);
    expect(mine.body.data.bids).toEqual(theirs.bids);
  });

  it('a market buy walks the source levels at their prices and sizes, and does not take them twice', async () => {
    const o = await client.data('POST', '/v2/orders', {
      symbol: SYM,
      side: 'buy',
      orderType: 'market',
      amt: '3000000',
    });
    const trades = (await client.data('GET', '/v2/myTrades', { symbol: SYM, limit: 10 })) as Array<{
      price: string;
      qty: string;
      orderId: number;
    }>;
    const mineOf = trades
      .filter((t) => t.orderId === o.orderId)
      .sort((a, b) => Number(a.price) - Number(b.price));
    // 0.01 at 140,000,000 = 1,400,000; the 1,600,000 left buys floor(1.6e6 / 140,050,000 x 1e8) / 1e8 = 0.01142449
    expect(mineOf.map((t) => [t.price, t.qty])).toEqual([
      ['140000000', '0.01'],
      ['140050000', '0.01142449'],
    ]);
    // the consumed parts are gone from the served book until the source's next snapshot
    const ob = await client.pub(`/v2/orderbook?symbol=${SYM}`);
    expect(ob.body.data.asks.slice(0, 2)).toEqual([
      { price: '140050000', qty: '0.00857551' },
      { price: '140100000', qty: '0.5' },
    ]);
    // the source itself is untouched (nothing was sent to it)
    expect(source.context.exchange.getOrderbook(SYM, 3).asks[0]).toEqual({ price: '140000000', qty: '0.01' });
  });

  it('a new source snapshot offers the whole level again', async () => {
    sourceOrder('sell', '140200000', '0.1'); // the source book changes: a new snapshot
    await until(
      () => paper.context.exchange.getOrderbook(SYM, 1).asks[0]?.price === '140000000',
      'the snapshot',
    );
    expect(paper.context.exchange.getOrderbook(SYM, 1).asks[0]).toEqual({ price: '140000000', qty: '0.01' });
  });

  it('a resting paper bid fills at its price once the source volume ahead of it has traded', async () => {
    // bid at 139,900,000, where the source has 0.03: queue ahead 0.03
    const o = await client.data('POST', '/v2/orders', {
      symbol: SYM,
      side: 'buy',
      orderType: 'limit',
      price: '139900000',
      qty: '0.0001',
    });
    const status = async () =>
      (await client.data('GET', '/v2/orders', { symbol: SYM, orderId: o.orderId })) as {
        status: string;
        filledQty: string;
        avgPrice?: string;
      };
    expect((await status()).status).toBe('open');
    // 0.02 and then 0.01 trade at 139,900,000 on the source: the queue ahead is used up, no fill yet
    expect(sourceTaker('sell', '139900000', '0.02')).toBe('0.02');
    expect(sourceTaker('sell', '139900000', '0.01')).toBe('0.01');
    await new Promise((r) => setTimeout(r, 300));
    expect((await status()).status).toBe('open');
    // someone bids there again on the source and is sold to: a trade at our price with nothing ahead
    const maker = source.context.exchange.createBotUser('source-maker', { krw: '100000000' });
    source.context.exchange.placeOrder({
      userId: maker,
      accountSeq: 1,
      symbol: SYM,
      side: 'buy',
      orderType: 'limit',
      price: '139900000',
      qty: '0.005',
    });
    expect(sourceTaker('sell', '139900000', '0.005')).toBe('0.005');
    await until(async () => (await status()).status === 'filled', 'the fill');
    const done = await status();
    expect([done.filledQty, done.avgPrice]).toEqual(['0.0001', '139900000']);
  });

  it('a resting paper bid fills at its own price when the source trades below it', async () => {
    const o = await client.data('POST', '/v2/orders', {
      symbol: SYM,
      side: 'buy',
      orderType: 'limit',
      price: '139860000',
      qty: '0.0002',
    });
    const status = async () =>
      (await client.data('GET', '/v2/orders', { symbol: SYM, orderId: o.orderId })) as {
        status: string;
        filledQty: string;
        avgPrice?: string;
      };
    // 0.0001 trades at 139,850,000 (through our price): 0.0001 of ours fills at 139,860,000
    expect(sourceTaker('sell', '139850000', '0.0001')).toBe('0.0001');
    await until(async () => (await status()).filledQty === '0.0001', 'the first fill');
    expect((await status()).status).toBe('partiallyFilled');
    expect((await status()).avgPrice).toBe('139860000');
  });

  it('sent the source only public reads: GETs of market data and the public WebSocket, no key', () => {
    expect(log.length).toBeGreaterThan(3);
    for (const e of log) {
      expect(e.apiKey).toBe(false);
      if (e.upgrade) expect(e.url.split('?')[0]).toBe('/v2/public');
      else {
        expect(e.method).toBe('GET');
        expect(PUBLIC_READ_PATHS.has(e.url.split('?')[0]!)).toBe(true);
      }
    }
  });
});
