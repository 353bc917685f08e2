// Garbage from the upstream WebSocket (not JSON, wrong shapes, binary, odd trade lists) is dropped
// or passed through without breaking the relay: the browser keeps getting the good frames after it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, startFakeUpstream } from '../testing/fakeUpstream.js';
import { sleep, startTestProxy, type TestProxy } from '../testing/harness.js';

let fake: FakeUpstream;
let t: TestProxy;
beforeAll(async () => {
  fake = await startFakeUpstream();
  t = await startTestProxy(fake);
});
afterAll(async () => {
  await t.proxy.close();
  await fake.close();
});

describe('hostile upstream frames', () => {
  it('survives them and keeps relaying', async () => {
    const a = await t.ws('/ws/public');
    a.send([{ requestId: 1, method: 'subscribe', type: 'trade', symbols: ['btc_krw'] }]);
    await a.waitFor((m) => m.status === 'success' && m.requestId === 1);
    const garbage: (string | Buffer)[] = [
      'not json',
      '',
      'null',
      '123',
      '[null, 1, "x", []]',
      '{"status":5}',
      '{"type":"trade","symbol":"btc_krw","data":"not a list"}',
      '{"type":"trade","symbol":"btc_krw","data":[null, 5, {"tradeId":"x"}]}',
      '{"type":"trade","symbol":"btc_krw","snapshot":true,"data":[null, {"tradeId":1e400}]}',
      '{"type":{"x":1},"symbol":["btc_krw"]}',
      '{"channelType":"myOrder","order":null}',
      `[${'['.repeat(3000)}${']'.repeat(3000)}]`,
      Buffer.from([0xff, 0xfe, 0x00, 0x01]),
    ];
    for (const s of fake.publicSockets) for (const g of garbage) s.send(g);
    await sleep(100);
    fake.broadcastPublic({
      type: 'trade',
      symbol: 'btc_krw',
      timestamp: 4242,
      data: [{ tradeId: 9, price: '1', qty: '1' }],
    });
    const good = await a.waitFor((m) => m?.timestamp === 4242);
    expect(good.data[0].tradeId).toBe(9);
    // a new browser joining gets a snapshot built from what the cache kept
    const b = await t.ws('/ws/public');
    b.send([{ requestId: 2, method: 'subscribe', type: 'trade', symbols: ['btc_krw'] }]);
    await b.waitFor((m) => m.status === 'success' && m.requestId === 2);
    expect((await t.api('GET', '/api/session')).status).toBe(200);
    expect(t.logs.some((l) => /INTERNAL_ERROR|uncaught|TypeError/i.test(l))).toBe(false);
    a.close();
    b.close();
  });
});
