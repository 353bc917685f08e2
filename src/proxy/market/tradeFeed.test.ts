import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import type { MarketTrade } from '../../core/conditional/types.js';
import type { Forwarder } from '../forward/forwarder.js';
import { createLogger } from '../log.js';
import { sleep } from '../testing/harness.js';
import { TradeFeed } from './tradeFeed.js';

interface Sub {
  method: string;
  symbols: string[];
}

async function upstream() {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => wss.once('listening', r));
  const subs: Sub[] = [];
  let connections = 0;
  wss.on('connection', (ws) => {
    connections++;
    ws.on('message', (raw) => {
      for (const m of JSON.parse(String(raw)) as Sub[]) subs.push({ method: m.method, symbols: m.symbols });
    });
  });
  const send = (symbol: string, tradeId: number) => {
    const frame = JSON.stringify({ type: 'trade', symbol, data: [{ tradeId, price: '100', timestamp: 1 }] });
    for (const c of wss.clients) c.send(frame);
  };
  const url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
  return { wss, subs, send, url, connections: () => connections };
}

const until = async (ok: () => boolean) => {
  for (let i = 0; i < 100 && !ok(); i++) await sleep(20);
  expect(ok()).toBe(true);
};

let cleanup: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanup) c();
  cleanup = [];
});

describe('shared trade feed', () => {
  it('serves two consumers over one upstream socket, each only its own symbols', async () => {
    const up = await upstream();
    const forwarder = { upstreamFor: () => ({ wsPublicUrl: up.url }) } as unknown as Forwarder;
    const feed = new TradeFeed(forwarder, createLogger(undefined), { baseMs: 50, capMs: 100 });
    cleanup.push(
      () => feed.close(),
      () => up.wss.close(),
    );
    const got: Record<string, string[]> = { a: [], b: [] };
    const resync: Record<string, string[]> = { a: [], b: [] };
    const tap = (name: 'a' | 'b') =>
      feed.tap(name, {
        onTrades: (s: string, t: MarketTrade[]) => got[name]!.push(`${s}#${t[0]?.tradeId}`),
        onResync: (s: string[]) => resync[name]!.push(...s),
      });
    const a = tap('a');
    const b = tap('b');
    expect(a.state).toBe('idle');
    a.watch(['btc_krw']);
    await until(() => a.state === 'live');
    expect(b.state).toBe('idle'); // b watches nothing yet
    b.watch(['btc_krw', 'eth_krw']);
    await until(() => up.subs.length === 2);
    // eth is new upstream; btc was already subscribed for a, yet b is told to backfill both
    expect(up.subs).toEqual([
      { method: 'subscribe', symbols: ['btc_krw'] },
      { method: 'subscribe', symbols: ['eth_krw'] },
    ]);
    expect(resync).toEqual({ a: ['btc_krw'], b: ['btc_krw', 'eth_krw'] });
    up.send('btc_krw', 1);
    up.send('eth_krw', 2);
    await until(() => got.b!.length === 2);
    expect(got).toEqual({ a: ['btc_krw#1'], b: ['btc_krw#1', 'eth_krw#2'] });
    expect(a.lastFrameAt).toBeGreaterThan(0);
    b.close(); // eth is no longer wanted by anyone; btc still is (a)
    await until(() => up.subs.length === 3);
    expect(up.subs[2]).toEqual({ method: 'unsubscribe', symbols: ['eth_krw'] });
    expect(a.state).toBe('live');
    expect(up.connections()).toBe(1);
  });
});
