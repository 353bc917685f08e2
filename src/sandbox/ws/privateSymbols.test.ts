// myOrder / myTrade honour a `symbols` filter exactly; without symbols they cover every pair (logged as a
// deviation: live clients always name them); the payload's accountSeq appears only when the subscription
// named accountSeqs (korbit-cli internal/stream/events.go).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MarketController, startMarket } from '../market/index.js';
import {
  connectPrivate,
  type Msg,
  restSigned,
  type Sandbox,
  sleep,
  startSandbox,
  type WsClient,
} from './testkit.js';

describe('private WebSocket: symbols filter and untagged frames', () => {
  let sbx: Sandbox;
  let market: MarketController;
  const clients: WsClient[] = [];
  const open = async (subs: Record<string, unknown>[]) => {
    const c = await connectPrivate(sbx);
    clients.push(c);
    c.send(subs.map((s, i) => ({ requestId: i + 1, method: 'subscribe', ...s })));
    for (let i = 1; i <= subs.length; i++)
      expect(await c.next((m) => m.requestId === i)).toEqual({ status: 'success', requestId: i });
    return c;
  };
  const restingBuy = async (symbol: string) => {
    const book = sbx.context.exchange.getOrderbook(symbol, 1);
    const price = book.bids.at(-1)!.price;
    const qty = (Math.ceil(20_000 / Number(price) / 0.0001) * 0.0001).toFixed(4);
    const r = await restSigned(sbx, 'POST', '/v2/orders', [
      ['symbol', symbol],
      ['side', 'buy'],
      ['orderType', 'limit'],
      ['price', price],
      ['qty', qty],
    ]);
    expect(r.body.success, JSON.stringify(r.body)).toBe(true);
    return r.body.data.orderId as number;
  };
  const ordersOf = (c: WsClient) =>
    (c.messages as Msg[]).filter((m) => m.channelType === 'myOrder').map((m) => m.symbol as string);

  beforeAll(async () => {
    sbx = await startSandbox({ seed: 11, simulate: false });
    market = startMarket(sbx.context, { autoStart: false });
    market.setSimulated('btc_krw', true);
    market.setSimulated('eth_krw', true);
    market.step(12);
  });
  afterAll(async () => {
    for (const c of clients) await c.close();
    market.stop();
    await sbx.close();
  });

  it('sends myOrder / myTrade only for the named pairs; no symbols = every pair, logged', async () => {
    const logsBefore = sbx.logs.length;
    const eth = await open([
      { type: 'myOrder', symbols: ['eth_krw'] },
      { type: 'myTrade', symbols: ['eth_krw'] },
      { type: 'myAsset', symbols: ['eth_krw'] },
    ]);
    expect(sbx.logs.slice(logsBefore).some((l) => l.includes('without symbols'))).toBe(false);
    const all = await open([{ type: 'myOrder' }]);
    expect(
      sbx.logs.slice(logsBefore).filter((l) => l.includes('myOrder subscribed without symbols')),
    ).toHaveLength(1);

    const btcId = await restingBuy('btc_krw');
    const ethId = await restingBuy('eth_krw');
    await all.next((m) => m.channelType === 'myOrder' && m.order.orders[0].orderId === ethId);
    await eth.next((m) => m.channelType === 'myOrder' && m.order.orders[0].orderId === ethId);
    await sleep(100);
    expect(ordersOf(all)).toEqual(['btc_krw', 'eth_krw']);
    expect(ordersOf(eth)).toEqual(['eth_krw']);
    expect(
      (eth.messages as Msg[]).some((m) => m.channelType === 'myOrder' && m.order.orders[0].orderId === btcId),
    ).toBe(false);

    // a fill on btc_krw is not on the eth-only stream; one on eth_krw is
    const buy = (symbol: string) =>
      restSigned(sbx, 'POST', '/v2/orders', [
        ['symbol', symbol],
        ['side', 'buy'],
        ['orderType', 'market'],
        ['amt', '20000'],
      ]);
    expect((await buy('btc_krw')).body.success).toBe(true);
    const ethBuy = await buy('eth_krw');
    expect(ethBuy.body.success).toBe(true);
    const fill = await eth.next((m) => m.channelType === 'myTrade');
    expect(fill.symbol).toBe('eth_krw');
    expect(fill.trade.trades[0].orderId).toBe(ethBuy.body.data.orderId);
    // myAsset ignores symbols: balances of both pairs' currencies arrive
    await eth.next(
      (m) => m.channelType === 'myAsset' && m.asset.assets.some((a: Msg) => a.currency === 'btc'),
    );
    await sleep(100);
    expect(
      (eth.messages as Msg[]).filter((m) => m.channelType === 'myTrade').every((m) => m.symbol === 'eth_krw'),
    ).toBe(true);
  });

  it('refuses an unknown pair; a later subscribe replaces the pair set', async () => {
    const c = await open([{ type: 'myOrder', symbols: ['btc_krw'] }]);
    c.send([{ requestId: 9, method: 'subscribe', type: 'myOrder', symbols: ['btc_krw', 'nope_krw'] }]);
    expect(await c.next((m) => m.requestId === 9)).toMatchObject({ status: 'fail', code: 'INVALID_SYMBOL' });
    c.send([{ requestId: 10, method: 'subscribe', type: 'myOrder', symbols: ['eth_krw'] }]);
    await c.next((m) => m.requestId === 10);
    const ethId = await restingBuy('eth_krw');
    await restingBuy('btc_krw');
    await c.next((m) => m.channelType === 'myOrder' && m.order.orders[0].orderId === ethId);
    await sleep(100);
    expect(ordersOf(c)).toEqual(['eth_krw']);
  });

  it('omits the payload accountSeq unless the subscription named accountSeqs', async () => {
    const plain = await open([{ type: 'myOrder', symbols: ['btc_krw'] }, { type: 'myAsset' }]);
    const tagged = await open([
      { type: 'myOrder', symbols: ['btc_krw'], accountSeqs: [1] },
      { type: 'myAsset', accountSeqs: [1] },
    ]);
    const id = await restingBuy('btc_krw');
    const p = await plain.next((m) => m.channelType === 'myOrder' && m.order.orders[0].orderId === id);
    const t = await tagged.next((m) => m.channelType === 'myOrder' && m.order.orders[0].orderId === id);
    expect(Object.keys(p.order)).toEqual(['orders']);
    expect(t.order.accountSeq).toBe(1);
    const pa = await plain.next((m) => m.channelType === 'myAsset');
    const ta = await tagged.next((m) => m.channelType === 'myAsset');
    expect(pa.asset).not.toHaveProperty('accountSeq');
    expect(ta.asset.accountSeq).toBe(1);
  });
});
