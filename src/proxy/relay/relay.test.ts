import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_HMAC, type FakeUpstream, startFakeUpstream } from '../testing/fakeUpstream.js';
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

/** Waits until cond holds (the upstream connects after reading the pair list, so not at once). */
async function until(cond: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(10);
  }
}

const privateSubscribes = (from: number, type: string) =>
  fake.wsReceived
    .slice(from)
    .filter((r) => r.kind === 'private')
    .flatMap((r) => r.msg as { method: string; type: string; accountSeqs?: number[] }[])
    .filter((m) => m.method === 'subscribe' && m.type === type);

const subs = (kind: 'public' | 'private') =>
  fake.wsReceived
    .filter((r) => r.kind === kind)
    .flatMap((r) => r.msg as { method: string; type: string; symbols?: string[] }[]);

describe('public relay', () => {
  it('maps request ids, shares one upstream subscription and gives joiners a snapshot', async () => {
    const a = await t.ws('/ws/public');
    a.send([{ requestId: 7, method: 'subscribe', type: 'orderbook', symbols: ['btc_krw'] }]);
    await a.waitFor((m) => m.status === 'success' && m.requestId === 7);
    const snapA = await a.waitFor((m) => m.type === 'orderbook' && m.snapshot === true);
    expect(snapA.symbol).toBe('btc_krw');

    const b = await t.ws('/ws/public');
    b.send([{ requestId: 1, method: 'subscribe', type: 'orderbook', symbols: ['btc_krw'] }]);
    await b.waitFor((m) => m.status === 'success' && m.requestId === 1);
    await b.waitFor((m) => m.type === 'orderbook' && m.snapshot === true);
    expect(fake.publicSockets.size).toBe(1);
    expect(subs('public').filter((s) => s.method === 'subscribe' && s.type === 'orderbook')).toHaveLength(1);

    fake.broadcastPublic({
      type: 'orderbook',
      symbol: 'btc_krw',
      timestamp: 1,
      data: { bids: [{ price: '1', qty: '2' }], asks: [] },
    });
    await a.waitFor((m) => m.timestamp === 1);
    await b.waitFor((m) => m.timestamp === 1);

    // one browser leaves: no upstream unsubscribe yet; the last one leaves: unsubscribe
    a.send([{ requestId: 8, method: 'unsubscribe', type: 'orderbook', symbols: ['btc_krw'] }]);
    await a.waitFor((m) => m.requestId === 8);
    await sleep(50);
    expect(subs('public').filter((s) => s.method === 'unsubscribe')).toHaveLength(0);
    b.send([{ requestId: 2, method: 'unsubscribe', type: 'orderbook', symbols: ['btc_krw'] }]);
    await b.waitFor((m) => m.requestId === 2);
    await sleep(50);
    expect(subs('public').filter((s) => s.method === 'unsubscribe')).toHaveLength(1);
    a.close();
    b.close();
  });

  it('relays upstream failures with the browser request id, and answers malformed requests', async () => {
    const a = await t.ws('/ws/public');
    a.send([{ requestId: 'x1', method: 'subscribe', type: 'ticker', symbols: ['bad_sym'] }]);
    const f = await a.waitFor((m) => m.requestId === 'x1');
    expect(f).toMatchObject({ status: 'fail', code: 'INVALID_SYMBOL' });
    a.send({ method: 'subscribe' });
    await a.waitFor((m) => m.status === 'fail' && m.message === 'invalid_format');
    a.ws.send('not json');
    a.send([{ requestId: 3, method: 'explode', type: 'ticker', symbols: ['btc_krw'] }]);
    await a.waitFor((m) => m.requestId === 3 && m.status === 'fail');
    a.close();
  });

  it('tells browsers when the upstream drops, reconnects, resubscribes and resumes with a snapshot', async () => {
    const a = await t.ws('/ws/public');
    a.send([{ requestId: 1, method: 'subscribe', type: 'ticker', symbols: ['eth_krw'] }]);
    await a.waitFor((m) => m.type === 'ticker' && m.snapshot);
    const before = subs('public').filter((s) => s.type === 'ticker' && s.symbols?.includes('eth_krw')).length;
    fake.dropAllSockets();
    await a.waitFor((m) => m.type === 'proxy' && m.event === 'interrupted');
    await a.waitFor((m) => m.type === 'proxy' && m.event === 'resumed', 5000);
    const idx = a.messages.findIndex((m) => m.event === 'resumed');
    await a.waitFor((m) => a.messages.indexOf(m) > idx && m.type === 'ticker' && m.snapshot === true);
    expect(subs('public').filter((s) => s.type === 'ticker' && s.symbols?.includes('eth_krw')).length).toBe(
      before + 1,
    );
    a.close();
  });
});

describe('private relay', () => {
  it('authenticates upstream with X-KAPI-KEY and a signed query, one connection per profile', async () => {
    const before = fake.wsReceived.length;
    const a = await t.ws('/ws/private?profile=sandbox-hmac');
    const b = await t.ws('/ws/private');
    a.send([{ requestId: 1, method: 'subscribe', type: 'myOrder' }]);
    b.send([{ requestId: 2, method: 'subscribe', type: 'myOrder' }]);
    await a.waitFor((m) => m.requestId === 1 && m.status === 'success');
    await b.waitFor((m) => m.requestId === 2 && m.status === 'success');
    await until(() => privateSubscribes(before, 'myOrder').length > 0);
    expect(fake.privateSockets.size).toBe(1);
    expect(fake.wsConnections.filter((c) => c.kind === 'private').at(-1)!.apiKey).toBe(FAKE_HMAC.apiKey);
    fake.broadcastPrivate({
      channelType: 'myOrder',
      order: { orders: [{ orderId: 5, status: 'unfilled' }] },
    });
    await a.waitFor((m) => m.channelType === 'myOrder');
    await b.waitFor((m) => m.channelType === 'myOrder');

    const c = await t.ws('/ws/private?profile=sandbox-ed25519');
    c.send([{ requestId: 9, method: 'subscribe', type: 'myAsset', accountSeqs: [2] }]);
    await c.waitFor((m) => m.requestId === 9 && m.status === 'success');
    await until(() => privateSubscribes(before, 'myAsset').length > 0);
    expect(fake.privateSockets.size).toBe(2);
    fake.broadcastPrivate({ channelType: 'myAsset', asset: { accountSeq: 2, assets: [] } });
    await c.waitFor((m) => m.channelType === 'myAsset');
    expect(a.messages.some((m) => m.channelType === 'myAsset')).toBe(false);
    a.close();
    b.close();
    c.close();
  });

  it("subscribes upstream with the union of every tab's accounts, so a new tab never drops another's", async () => {
    const before = fake.wsReceived.length;
    const a = await t.ws('/ws/private');
    const b = await t.ws('/ws/private');
    a.send([{ requestId: 1, method: 'subscribe', type: 'myOrder', accountSeqs: [1] }]);
    await a.waitFor((m) => m.requestId === 1 && m.status === 'success');
    await until(() => privateSubscribes(before, 'myOrder').length === 1);
    b.send([{ requestId: 2, method: 'subscribe', type: 'myOrder', accountSeqs: [2, 3] }]);
    await b.waitFor((m) => m.requestId === 2 && m.status === 'success');
    const sent = privateSubscribes(before, 'myOrder');
    expect(sent.map((m) => [...(m.accountSeqs ?? [])].sort())).toEqual([[1], [1, 2, 3]]);
    // frames still reach only the tab of their account
    fake.broadcastPrivate({ channelType: 'myOrder', order: { accountSeq: 1, orders: [] } });
    await a.waitFor((m) => m.channelType === 'myOrder');
    fake.broadcastPrivate({ channelType: 'myOrder', order: { accountSeq: 3, orders: [] } });
    await b.waitFor((m) => m.channelType === 'myOrder');
    expect(a.messages.filter((m) => m.channelType === 'myOrder')).toHaveLength(1);
    a.close();
    b.close();
  });

  it('sends an error control frame for an unknown profile', async () => {
    const s = await t.ws('/ws/private?profile=nobody');
    const m = await s.waitFor((x) => x.type === 'proxy');
    expect(m).toEqual({ type: 'proxy', event: 'error', reason: 'PROFILE_NOT_FOUND' });
  });

  it('closes the upstream connection when the last browser leaves', async () => {
    await sleep(100);
    expect(t.proxy.internals.relay.hubs.size).toBe(0);
  });
});
