// The simulated market inside a real sandbox: history, determinism, the per-pair switch, and user
// orders trading against the simulated makers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERVALS } from '../../core/intervals.js';
import { isOnTick } from '../../core/tick.js';
import {
  restGetPatient as restGet,
  restSigned,
  type Sandbox,
  startSandbox,
  WsClient,
} from '../ws/testkit.js';
import { type MarketController, startMarket } from './index.js';

describe('seeded history at first start', () => {
  let sbx: Sandbox;
  let market: MarketController;
  beforeAll(async () => {
    sbx = await startSandbox({ seed: 21, simulate: false, historyDays: 30 });
    market = startMarket(sbx.context, { autoStart: false });
  });
  afterAll(async () => {
    market.stop();
    await sbx.close();
  });

  it('gives every chart interval a screen of candles, ending at the live price', async () => {
    const { exchange } = sbx.context;
    for (const m of exchange.listMarkets()) {
      const trades = await restGet(sbx, '/v2/trades', [
        ['symbol', m.symbol],
        ['limit', '500'],
      ]);
      expect(trades.body.data.length).toBe(500);
      expect(trades.body.data[0].price).toBe(m.referencePrice);
      for (const iv of INTERVALS) {
        const c = await restGet(sbx, '/v2/candles', [
          ['symbol', m.symbol],
          ['interval', iv],
          ['limit', '200'],
        ]);
        // 30 days of minutes plus two years of hourly deep history: a full screen everywhere.
        const want = iv === '1W' ? 100 : 200;
        expect(c.body.data.length, `${m.symbol} ${iv}`).toBeGreaterThanOrEqual(want);
        expect(c.body.data.at(-1).close, `${m.symbol} ${iv}`).toBe(m.referencePrice);
        for (const k of c.body.data) {
          expect(isOnTick(m.tickSizePolicy, k.open) && isOnTick(m.tickSizePolicy, k.close)).toBe(true);
          expect(Number(k.high)).toBeGreaterThanOrEqual(Number(k.low));
        }
      }
      // The deep history joins the minute history without a jump: weekly candles are continuous
      // (each opens at the previous close) up to the trade window, where the bid/ask bounce starts.
      const weeks = (
        await restGet(sbx, '/v2/candles', [
          ['symbol', m.symbol],
          ['interval', '1W'],
          ['limit', '200'],
        ])
      ).body.data as Array<{ open: string; close: string }>;
      for (let i = 1; i < weeks.length - 2; i++) {
        expect(weeks[i]!.open, `${m.symbol} week ${i}`).toBe(weeks[i - 1]!.close);
      }
      const t = await restGet(sbx, '/v2/tickers', [['symbol', m.symbol]]);
      expect(t.body.data[0].close).toBe(m.referencePrice);
      expect(Number(t.body.data[0].volume)).toBeGreaterThan(0);
    }
  });

  it('1-minute candles agree with the seeded trades', async () => {
    const trades = (
      await restGet(sbx, '/v2/trades', [
        ['symbol', 'eth_krw'],
        ['limit', '500'],
      ])
    ).body.data as Array<{
      timestamp: number;
      price: string;
      qty: string;
    }>;
    const byMinute = new Map<number, typeof trades>();
    for (const t of [...trades].reverse()) {
      const k = t.timestamp - (t.timestamp % 60_000);
      byMinute.set(k, [...(byMinute.get(k) ?? []), t]);
    }
    const minutes = [...byMinute.keys()].slice(1).slice(-150); // the oldest minute may be cut by the limit
    const candles = (
      await restGet(sbx, '/v2/candles', [
        ['symbol', 'eth_krw'],
        ['interval', '1'],
        ['start', String(minutes[0])],
        ['limit', '200'],
      ])
    ).body.data as Array<{ timestamp: number; open: string; high: string; low: string; close: string }>;
    for (const ts of minutes) {
      const list = byMinute.get(ts)!;
      const c = candles.find((x) => x.timestamp === ts)!;
      expect(c, String(ts)).toBeDefined();
      expect(c.open).toBe(list[0]!.price);
      expect(c.close).toBe(list.at(-1)!.price);
      expect(Number(c.high)).toBe(Math.max(...list.map((t) => Number(t.price))));
      expect(Number(c.low)).toBe(Math.min(...list.map((t) => Number(t.price))));
    }
  });

  it('is seeded once, at createSandbox, and not again', () => {
    expect(sbx.internals.market?.historyMs).toBeGreaterThan(0);
    expect(market.historyMs).toBe(0);
    const again = startMarket(sbx.context, { autoStart: false });
    expect(again.historyMs).toBe(0);
    again.stop();
  });
});

describe('live simulation', () => {
  let a: Sandbox;
  let b: Sandbox;
  let ma: MarketController;
  let mb: MarketController;
  beforeAll(async () => {
    [a, b] = await Promise.all([startSandbox({ seed: 99 }), startSandbox({ seed: 99 })]);
    ma = startMarket(a.context, { autoStart: false });
    mb = startMarket(b.context, { autoStart: false });
    for (const m of [ma, mb]) for (const s of ['btc_krw', 'doge_krw']) m.setSimulated(s, true);
  });
  afterAll(async () => {
    ma.stop();
    mb.stop();
    await Promise.all([a.close(), b.close()]);
  });

  it('is deterministic for a seed: same orders, same trades, same book', async () => {
    ma.step(240);
    mb.step(240);
    for (const s of ['btc_krw', 'doge_krw']) {
      const ta = a.context.exchange.getTrades(s, 200).map((t) => [t.tradeId, t.price, t.qty, t.isBuyerTaker]);
      const tb = b.context.exchange.getTrades(s, 200).map((t) => [t.tradeId, t.price, t.qty, t.isBuyerTaker]);
      expect(ta.length).toBeGreaterThan(3);
      expect(tb).toEqual(ta);
      const ba = a.context.exchange.getOrderbook(s, 30);
      const bb = b.context.exchange.getOrderbook(s, 30);
      expect(bb.bids).toEqual(ba.bids);
      expect(bb.asks).toEqual(ba.asks);
    }
    expect(mb.status().map((x) => x.fairPrice)).toEqual(ma.status().map((x) => x.fairPrice));
  });

  it('keeps a two-sided book with depth around the price', () => {
    const ob = a.context.exchange.getOrderbook('btc_krw', 30);
    expect(ob.bids.length).toBeGreaterThanOrEqual(20);
    expect(ob.asks.length).toBeGreaterThanOrEqual(20);
    expect(Number(ob.bids[0]!.price)).toBeLessThan(Number(ob.asks[0]!.price));
    const mid = (Number(ob.bids[0]!.price) + Number(ob.asks[0]!.price)) / 2;
    expect(Math.abs(mid / 140_000_000 - 1)).toBeLessThan(0.1);
    // depth in value: at least tens of millions of KRW on each side
    const value = (ls: { price: string; qty: string }[]) =>
      ls.reduce((s, l) => s + Number(l.price) * Number(l.qty), 0);
    expect(value(ob.bids)).toBeGreaterThan(5e7);
    expect(value(ob.asks)).toBeGreaterThan(5e7);
    const st = ma.status().find((x) => x.symbol === 'btc_krw')!;
    expect(st.errors).toBe(0);
    expect(st.takerOrders).toBeGreaterThan(0);
  });

  it("a user's order trades against the simulated makers", async () => {
    const r = await restSigned(a, 'POST', '/v2/orders', [
      ['symbol', 'doge_krw'],
      ['side', 'sell'],
      ['orderType', 'market'],
      ['qty', '100'],
    ]);
    expect(r.body.success).toBe(true);
    const o = await restSigned(a, 'GET', '/v2/orders', [
      ['symbol', 'doge_krw'],
      ['orderId', String(r.body.data.orderId)],
    ]);
    expect(o.body.data.status).toBe('filled');
    expect(o.body.data.filledQty).toBe('100');
  });

  it('moves the market when the admin moves the reference price', () => {
    a.context.exchange.setReferencePrice('doge_krw', '500');
    ma.step(20);
    const ob = a.context.exchange.getOrderbook('doge_krw', 1);
    expect(Number(ob.bids[0]!.price)).toBeGreaterThan(450);
  });

  it('turns a pair off (pure order book) and on again', () => {
    expect(ma.setSimulated('btc_krw', false)).toBe(true);
    expect(ma.isSimulated('btc_krw')).toBe(false);
    const ob = a.context.exchange.getOrderbook('btc_krw');
    expect(ob.bids.length + ob.asks.length).toBe(0);
    const before = a.context.exchange.getTrades('btc_krw', 1)[0]!.tradeId;
    ma.step(40);
    expect(a.context.exchange.getTrades('btc_krw', 1)[0]!.tradeId).toBe(before);
    ma.setSimulated('btc_krw', true);
    ma.step(10);
    expect(a.context.exchange.getOrderbook('btc_krw').bids.length).toBeGreaterThan(10);
    expect(ma.setSimulated('nope_krw', true)).toBe(false);
  });
});

describe('createSandbox with simulate on', () => {
  it('runs the simulation on its own timer at --speed and streams it', async () => {
    const sbx = await startSandbox({ seed: 4, simulate: true, speed: 20, historyDays: 1 });
    try {
      const c = await WsClient.connect(sbx.wsPublicUrl);
      c.send([
        { requestId: 1, method: 'subscribe', type: 'trade', symbols: ['btc_krw', 'eth_krw', 'xrp_krw'] },
      ]);
      await c.next((m) => m.type === 'trade' && m.snapshot === true);
      const live = await c.next((m) => m.type === 'trade' && !m.snapshot, 15_000);
      expect(live.data.length).toBeGreaterThan(0);
      const sim = await fetch(`${sbx.adminUrl}/market/sim`);
      const body = (await sim.json()) as {
        data: { pairs: Array<{ symbol: string; steps: number; enabled: boolean }> };
      };
      expect(body.data.pairs.length).toBe(6);
      expect(body.data.pairs.every((p) => p.enabled && p.steps > 0)).toBe(true);
      await c.close();
    } finally {
      await sbx.close();
    }
  });
});

describe('restart', () => {
  it('does not seed again, withdraws stale maker quotes and continues from the last trade', async () => {
    const first = await startSandbox({ seed: 6, historyDays: 1, keep: true });
    const m1 = startMarket(first.context, { autoStart: false });
    m1.setSimulated('eth_krw', true);
    m1.step(80);
    const lastTrade = first.context.exchange.getTrades('eth_krw', 1)[0]!;
    const candles = first.context.exchange.getCandles('eth_krw', '60', { limit: 200 }).length;
    expect(first.context.exchange.getOrderbook('eth_krw').bids.length).toBeGreaterThan(10);
    m1.stop();
    await first.close();

    const second = await startSandbox({ seed: 6, historyDays: 1, dataDir: first.dataDir });
    try {
      const m2 = startMarket(second.context, { autoStart: false });
      expect(m2.historyMs).toBe(0);
      expect(second.context.exchange.getTrades('eth_krw', 1)[0]).toEqual(lastTrade);
      expect(second.context.exchange.getCandles('eth_krw', '60', { limit: 200 }).length).toBe(candles);
      expect(second.context.exchange.getOrderbook('eth_krw').bids.length).toBe(0);
      const fair = Number(m2.status().find((x) => x.symbol === 'eth_krw')!.fairPrice);
      expect(Math.abs(fair / Number(lastTrade.price) - 1)).toBeLessThan(0.001);
      m2.setSimulated('eth_krw', true);
      m2.step(10);
      expect(second.context.exchange.getOrderbook('eth_krw').bids.length).toBeGreaterThan(10);
      m2.stop();
    } finally {
      await second.close();
    }
  });
});
