import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restSigned } from '../../sandbox/ws/testkit.js';
import { type Stack, startSandboxStack } from './sandboxHarness.js';

let s: Stack;
beforeAll(async () => {
  s = await startSandboxStack({ relayBackoff: { baseMs: 50, capMs: 200 } });
});
afterAll(async () => {
  await s?.close();
});

describe('WebSocket relay with the real sandbox', () => {
  it('public: ack with the browser requestId, snapshot first, shared upstream subscription', async () => {
    const a = await s.t.ws('/ws/public');
    a.send([{ requestId: 11, method: 'subscribe', type: 'orderbook', symbols: ['btc_krw'] }]);
    expect(await a.waitFor((m) => m.requestId === 11)).toEqual({ status: 'success', requestId: 11 });
    const snap = await a.waitFor((m) => m.type === 'orderbook' && m.symbol === 'btc_krw');
    expect(snap.snapshot).toBe(true);
    const b = await s.t.ws('/ws/public');
    b.send([{ requestId: 3, method: 'subscribe', type: 'orderbook', symbols: ['btc_krw'] }]);
    expect(await b.waitFor((m) => m.requestId === 3)).toEqual({ status: 'success', requestId: 3 });
    expect((await b.waitFor((m) => m.type === 'orderbook')).snapshot).toBe(true);
    a.close();
    b.close();
  });

  it('private: signed upstream connection delivers myOrder frames for orders placed through the proxy', async () => {
    const p = await s.t.ws('/ws/private?profile=sandbox-hmac');
    p.send([{ requestId: 1, method: 'subscribe', type: 'myOrder' }]);
    expect(await p.waitFor((m) => m.requestId === 1)).toEqual({ status: 'success', requestId: 1 });
    const r = await s.t.api('POST', '/api/v2/orders', {
      body: { symbol: 'btc_krw', side: 'buy', orderType: 'limit', price: '100000000', qty: '0.0001' },
    });
    expect(r.status).toBe(200);
    const frame = await p.waitFor((m) => m.channelType === 'myOrder', 5000);
    expect(JSON.stringify(frame)).toContain(String(r.json.data.orderId));
    p.close();
  });

  it('private: every pair is subscribed upstream, so a fill on a pair not on screen reaches the browser', async () => {
    // like the dashboard: the account channels with accountSeqs, no pair named
    const p = await s.t.ws('/ws/private?profile=sandbox-hmac');
    p.send([
      { requestId: 1, method: 'subscribe', type: 'myOrder', accountSeqs: [1] },
      { requestId: 2, method: 'subscribe', type: 'myTrade', accountSeqs: [1] },
    ]);
    await p.waitFor((m) => m.requestId === 2);
    // a counterparty rests a sell on eth_krw; the demo user buys it through the proxy
    expect(
      (await s.admin('/market/price', { symbol: 'eth_krw', price: '5000000', print: false })).success,
    ).toBe(true);
    const { userId } = (await s.admin('/users', { name: 'privsub-counterparty' })).data;
    const key = (await s.admin('/keys', { userId, type: 'hmac-sha256' })).data;
    await s.admin('/balance', { userId, currency: 'eth', amount: '1' });
    const other = { apiKey: key.apiKey as string, key: { type: 'hmac-sha256' as const, secret: key.secret } };
    const order = [
      ['symbol', 'eth_krw'],
      ['orderType', 'limit'],
      ['price', '5000000'],
      ['qty', '0.01'],
    ] as [string, string][];
    const sell = await restSigned(s.sbx as never, 'POST', '/v2/orders', [...order, ['side', 'sell']], other);
    expect(sell.body.success, JSON.stringify(sell.body)).toBe(true);
    const r = await s.t.api('POST', '/api/v2/orders', {
      body: { ...Object.fromEntries(order), side: 'buy' },
    });
    expect(r.status).toBe(200);
    const fill = await p.waitFor((m) => m.channelType === 'myTrade', 5000);
    expect(fill).toMatchObject({ symbol: 'eth_krw', trade: { accountSeq: 1 } });
    expect(fill.trade.trades[0]).toMatchObject({ orderId: r.json.data.orderId, qty: '0.01' });
    // the sandbox saw the relay name pairs on every myOrder / myTrade subscription
    expect(s.sandboxLogs.filter((l) => l.includes('subscribed without symbols'))).toEqual([]);
    p.close();
  });

  it('interrupted → resumed → snapshot after the sandbox drops every socket', async () => {
    const a = await s.t.ws('/ws/public');
    a.send([{ requestId: 1, method: 'subscribe', type: 'ticker', symbols: ['eth_krw'] }]);
    await a.waitFor((m) => m.type === 'ticker' && m.snapshot === true);
    const p = await s.t.ws('/ws/private?profile=sandbox-ed25519');
    p.send([{ requestId: 2, method: 'subscribe', type: 'myAsset' }]);
    await p.waitFor((m) => m.requestId === 2);

    const drop = await s.admin('/faults/ws', { action: 'drop', target: 'all' });
    expect(drop.success).toBe(true);
    await a.waitFor((m) => m.type === 'proxy' && m.event === 'interrupted');
    await p.waitFor((m) => m.type === 'proxy' && m.event === 'interrupted');
    await a.waitFor((m) => m.type === 'proxy' && m.event === 'resumed', 5000);
    await p.waitFor((m) => m.type === 'proxy' && m.event === 'resumed', 5000);
    const at = a.messages.findIndex((m) => m.event === 'resumed');
    const next = await a.waitFor((m) => a.messages.indexOf(m) > at && m.type === 'ticker');
    expect(next.snapshot).toBe(true);
    a.close();
    p.close();
  });
});

describe('grouped order books', () => {
  it('routes level-grouped and plain books of one symbol to their own subscribers', async () => {
    const plain = await s.t.ws('/ws/public');
    const grouped = await s.t.ws('/ws/public');
    plain.send([{ requestId: 1, method: 'subscribe', type: 'orderbook', symbols: ['xrp_krw'] }]);
    grouped.send([
      { requestId: 2, method: 'subscribe', type: 'orderbook', symbols: ['xrp_krw'], level: '10' },
    ]);
    await plain.waitFor((m) => m.type === 'orderbook' && m.symbol === 'xrp_krw');
    await grouped.waitFor((m) => m.type === 'orderbook' && m.symbol === 'xrp_krw' && m.level === '10');
    await new Promise((r) => setTimeout(r, 100));
    expect(plain.messages.filter((m) => m.type === 'orderbook').every((m) => m.level === undefined)).toBe(
      true,
    );
    expect(grouped.messages.filter((m) => m.type === 'orderbook').every((m) => m.level === '10')).toBe(true);
    plain.close();
    grouped.close();
  });
});
