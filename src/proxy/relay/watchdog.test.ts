import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { startTestProxy, type TestProxy } from '../testing/harness.js';

// An upstream that accepts the connection, acks, then goes silent: it never answers pings.
const server = createServer();
const wss = new WebSocketServer({ server, autoPong: false });
let connections = 0;
wss.on('connection', (ws) => {
  connections++;
  ws.on('message', (d) => {
    const reqs = JSON.parse(d.toString()) as { requestId?: number }[];
    for (const r of reqs)
      if (r.requestId !== undefined) ws.send(JSON.stringify({ status: 'success', requestId: r.requestId }));
  });
});
let t: TestProxy;

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  t = await startTestProxy(
    {
      url: 'http://127.0.0.1:9',
      wsPublicUrl: `ws://127.0.0.1:${port}/v2/public`,
      wsPrivateUrl: `ws://127.0.0.1:${port}/v2/private`,
    },
    { relayBackoff: { baseMs: 50, capMs: 100, pingMs: 100 } },
  );
});
afterAll(async () => {
  await t.proxy.close();
  for (const c of wss.clients) c.terminate();
  wss.close();
  await new Promise<void>((r) => server.close(() => r()));
});

describe('upstream heartbeat', () => {
  it('drops a silent upstream connection, tells the browser, and reconnects', async () => {
    const a = await t.ws('/ws/public');
    a.send([{ requestId: 1, method: 'subscribe', type: 'ticker', symbols: ['btc_krw'] }]);
    await a.waitFor((m) => m.requestId === 1);
    await a.waitFor((m) => m.type === 'proxy' && m.event === 'interrupted', 3000);
    await a.waitFor((m) => m.type === 'proxy' && m.event === 'resumed', 3000);
    expect(connections).toBeGreaterThanOrEqual(2);
    expect(t.logs.some((l) => l.includes('silent'))).toBe(true);
    a.close();
  });
});
