// The private relay subscribes upstream the vendor client's way: myOrder / myTrade name every launched
// pair and every subscription names its accounts; a new pair list is resubscribed; no list = no symbols.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, startFakeUpstream } from '../testing/fakeUpstream.js';
import { sleep, startTestProxy, type TestProxy } from '../testing/harness.js';

interface UpReq {
  method: string;
  type: string;
  symbols?: string[];
  accountSeqs?: number[];
}

let fake: FakeUpstream;
let t: TestProxy;

const launched = (...symbols: string[]) => symbols.map((symbol) => ({ symbol, status: 'launched' }));

async function until(cond: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(10);
  }
}

const upstream = (from: number, type: string) =>
  fake.wsReceived
    .slice(from)
    .filter((r) => r.kind === 'private')
    .flatMap((r) => r.msg as UpReq[])
    .filter((m) => m.type === type);

const hub = () => t.proxy.internals.relay.hubs.get('private:sandbox-hmac')!;

beforeAll(async () => {
  fake = await startFakeUpstream();
  t = await startTestProxy(fake);
});
afterAll(async () => {
  await t.proxy.close();
  await fake.close();
});

describe('private relay: symbols and accountSeqs upstream', () => {
  it('names every launched pair on myOrder/myTrade, none on myAsset, and always the accounts', async () => {
    fake.pairs = [
      ...launched('eth_krw', 'btc_krw'),
      { symbol: 'old_krw', status: 'stopped' },
      { symbol: 'new_krw', status: 'someday' },
    ];
    const from = fake.wsReceived.length;
    const a = await t.ws('/ws/private');
    a.send([
      { requestId: 1, method: 'subscribe', type: 'myOrder' },
      { requestId: 2, method: 'subscribe', type: 'myTrade', accountSeqs: [2] },
      { requestId: 3, method: 'subscribe', type: 'myAsset' },
    ]);
    await until(() => upstream(from, 'myAsset').length > 0 && upstream(from, 'myTrade').length > 0);
    expect(upstream(from, 'myOrder')).toEqual([
      expect.objectContaining({ method: 'subscribe', symbols: ['btc_krw', 'eth_krw'], accountSeqs: [1] }),
    ]);
    expect(upstream(from, 'myTrade')).toEqual([
      expect.objectContaining({ method: 'subscribe', symbols: ['btc_krw', 'eth_krw'], accountSeqs: [2] }),
    ]);
    const asset = upstream(from, 'myAsset');
    expect(asset).toEqual([expect.objectContaining({ method: 'subscribe', accountSeqs: [1] })]);
    expect(asset[0]).not.toHaveProperty('symbols');

    // a fill on a pair nobody has on screen reaches the browser; tagged 1 and untagged both mean account 1
    fake.broadcastPrivate({
      symbol: 'eth_krw',
      timestamp: 1,
      channelType: 'myOrder',
      order: { accountSeq: 1, orders: [{ orderId: 9, status: 'filled' }] },
    });
    fake.broadcastPrivate({
      symbol: 'btc_krw',
      timestamp: 2,
      channelType: 'myOrder',
      order: { orders: [{ orderId: 10, status: 'unfilled' }] },
    });
    fake.broadcastPrivate({
      symbol: 'eth_krw',
      timestamp: 3,
      channelType: 'myTrade',
      trade: { accountSeq: 2, trades: [{ tradeId: 1, orderId: 9 }] },
    });
    fake.broadcastPrivate({
      symbol: 'eth_krw',
      timestamp: 4,
      channelType: 'myTrade',
      trade: { accountSeq: 3, trades: [{ tradeId: 2, orderId: 11 }] },
    });
    await a.waitFor((m) => m.channelType === 'myTrade' && m.symbol === 'eth_krw');
    await a.waitFor((m) => m.timestamp === 2);
    await sleep(50);
    expect(a.messages.filter((m) => m.channelType).map((m) => m.timestamp)).toEqual([1, 2, 3]);
    a.close();
    await sleep(50);
  });

  it('resubscribes with the new list when the pair list changes, and on reconnect', async () => {
    fake.pairs = launched('btc_krw');
    const a = await t.ws('/ws/private');
    const b = await t.ws('/ws/private');
    let from = fake.wsReceived.length;
    a.send([{ requestId: 1, method: 'subscribe', type: 'myOrder', accountSeqs: [1] }]);
    b.send([{ requestId: 2, method: 'subscribe', type: 'myOrder', accountSeqs: [3] }]);
    await until(() => upstream(from, 'myOrder').some((m) => m.accountSeqs?.includes(3)));
    expect(upstream(from, 'myOrder').at(-1)).toMatchObject({ symbols: ['btc_krw'], accountSeqs: [1, 3] });

    // a listing: the next refresh resubscribes with both pairs and the same accounts
    from = fake.wsReceived.length;
    fake.pairs = launched('btc_krw', 'xrp_krw');
    await hub().refreshPairs();
    await until(() => upstream(from, 'myOrder').length > 0);
    expect(upstream(from, 'myOrder')).toEqual([
      expect.objectContaining({ method: 'subscribe', symbols: ['btc_krw', 'xrp_krw'], accountSeqs: [1, 3] }),
    ]);
    // an unchanged list sends nothing
    from = fake.wsReceived.length;
    await hub().refreshPairs();
    await sleep(50);
    expect(upstream(from, 'myOrder')).toEqual([]);

    // a delisting seen on reconnect: the new connection subscribes the new list
    fake.pairs = launched('xrp_krw');
    from = fake.wsReceived.length;
    fake.dropAllSockets();
    await a.waitFor((m) => m.type === 'proxy' && m.event === 'resumed', 5000);
    await until(() => upstream(from, 'myOrder').length > 0);
    expect(upstream(from, 'myOrder')).toEqual([
      expect.objectContaining({ method: 'subscribe', symbols: ['xrp_krw'], accountSeqs: [1, 3] }),
    ]);

    // one tab leaves: nothing upstream; the last one unsubscribes what was subscribed
    from = fake.wsReceived.length;
    b.send([{ requestId: 3, method: 'unsubscribe', type: 'myOrder', accountSeqs: [3] }]);
    await b.waitFor((m) => m.requestId === 3);
    a.send([{ requestId: 4, method: 'unsubscribe', type: 'myOrder', accountSeqs: [1] }]);
    await a.waitFor((m) => m.requestId === 4);
    await sleep(50);
    expect(upstream(from, 'myOrder')).toEqual([
      expect.objectContaining({ method: 'unsubscribe', symbols: ['xrp_krw'], accountSeqs: [1, 3] }),
    ]);
    a.close();
    b.close();
    await sleep(50);
  });

  it('without a pair list subscribes without symbols and says so; a failed refresh keeps the last list', async () => {
    fake.pairs = null;
    const logsFrom = t.logs.length;
    let from = fake.wsReceived.length;
    const a = await t.ws('/ws/private');
    a.send([{ requestId: 1, method: 'subscribe', type: 'myTrade', accountSeqs: [1] }]);
    await until(() => upstream(from, 'myTrade').length > 0);
    const first = upstream(from, 'myTrade')[0]!;
    expect(first).toMatchObject({ method: 'subscribe', accountSeqs: [1] });
    expect(first).not.toHaveProperty('symbols');
    expect(t.logs.slice(logsFrom).join('\n')).toMatch(/could not read the pair list.*without symbols/);

    // the list comes back: resubscribed with it
    from = fake.wsReceived.length;
    fake.pairs = launched('eth_krw');
    await hub().refreshPairs();
    await until(() => upstream(from, 'myTrade').length > 0);
    expect(upstream(from, 'myTrade')[0]).toMatchObject({ symbols: ['eth_krw'], accountSeqs: [1] });

    // it fails again: the last known list stays, also across a reconnect
    fake.pairs = null;
    from = fake.wsReceived.length;
    fake.dropAllSockets();
    await a.waitFor((m) => m.type === 'proxy' && m.event === 'resumed', 5000);
    await until(() => upstream(from, 'myTrade').length > 0);
    expect(upstream(from, 'myTrade')[0]).toMatchObject({ symbols: ['eth_krw'], accountSeqs: [1] });
    expect(t.logs.slice(logsFrom).join('\n')).toMatch(/keeping the last known 1 pairs/);
    a.close();
  });

  it('a refusal of the subscribe sent on connect tells the browsers; one after a new pair list is logged', async () => {
    fake.pairs = launched('btc_krw');
    const a = await t.ws('/ws/private');
    let from = fake.wsReceived.length;
    a.send([{ requestId: 1, method: 'subscribe', type: 'myOrder', accountSeqs: [1] }]);
    await until(() => upstream(from, 'myOrder').length > 0);
    // the fake refuses any subscription naming bad_sym
    const logsFrom = t.logs.length;
    fake.pairs = launched('bad_sym', 'btc_krw');
    await hub().refreshPairs();
    await until(() =>
      t.logs.slice(logsFrom).some((l) => l.includes('upstream refused myOrder: INVALID_SYMBOL')),
    );
    expect(a.messages.some((m) => m.type === 'proxy' && m.event === 'error')).toBe(false);
    // on reconnect the same refusal drops the channel and says so to its browser
    from = fake.wsReceived.length;
    fake.dropAllSockets();
    const err = await a.waitFor((m) => m.type === 'proxy' && m.event === 'error', 5000);
    expect(err.reason).toMatch(/myOrder\|1 refused: INVALID_SYMBOL/);
    expect(upstream(from, 'myOrder')[0]).toMatchObject({ symbols: ['bad_sym', 'btc_krw'] });
    a.close();
  });
});
