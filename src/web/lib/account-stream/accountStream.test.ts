// The account stream over a scripted private stream and REST: one new-fill event per fill whichever
// source brings it, a gap rebuilt from the walk back to its start, a gap past 36 h said.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HISTORY_WINDOW_MS } from '../../../core/account/historyWalk.js';
import { qk } from '../queryKeys.js';
import type { Balance, MyTrade, OpenOrder } from '../types.js';

type Handler = (f: Record<string, unknown>) => void;
const fake = vi.hoisted(() => ({
  handlers: new Map<string, Set<(f: Record<string, unknown>) => void>>(),
  status: new Set<(s: string) => void>(),
  current: 'open',
  rest: new Map<string, (params: Record<string, unknown>) => unknown>(),
  calls: [] as { path: string; params: Record<string, unknown> }[],
}));

vi.mock('../ws.js', () => ({
  privateStream: () => ({
    subscribe: (req: { type: string }, h: Handler) => {
      const set = fake.handlers.get(req.type) ?? new Set();
      set.add(h);
      fake.handlers.set(req.type, set);
      return () => set.delete(h);
    },
    onStatus: (cb: (s: string) => void) => {
      fake.status.add(cb);
      cb(fake.current);
      return () => fake.status.delete(cb);
    },
  }),
}));
vi.mock('../api.js', () => ({
  apiGet: async (path: string, params: Record<string, unknown>) => {
    fake.calls.push({ path, params });
    const answer = fake.rest.get(path);
    return answer ? answer(params) : [];
  },
}));

const { accountStream } = await import('./registry.js');
const { balanceQuery, openOrdersQuery } = await import('./queries.js');

const row = (currency: string, available: string): Balance => ({
  currency,
  balance: available,
  available,
  tradeInUse: '0',
  withdrawalInUse: '0',
  avgPrice: null,
});
const setStatus = (s: string) => {
  fake.current = s;
  for (const cb of fake.status) cb(s);
};
const frame = (type: string, body: Record<string, unknown>) => {
  for (const h of fake.handlers.get(type) ?? []) h({ channelType: type, symbol: 'btc_krw', ...body });
};
const wsFill = (tradeId: number, filledAt: number) => ({
  tradeId,
  orderId: 7,
  side: 'buy',
  price: '100',
  qty: '1',
  fee: '0.1',
  feeCurrency: 'krw',
  filledAt,
  isTaker: false,
});
const restFill = (tradeId: number, tradedAt: number): MyTrade => ({
  symbol: 'btc_krw',
  tradeId,
  orderId: 7,
  side: 'buy',
  price: '100',
  qty: '1',
  amt: '100',
  tradedAt,
  isTaker: false,
  feeCurrency: 'krw',
  feeQty: '0.1',
});

let qc: QueryClient;
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(10 * HISTORY_WINDOW_MS);
  fake.handlers.clear();
  fake.status.clear();
  fake.rest.clear();
  fake.calls.length = 0;
  fake.current = 'open';
  qc = new QueryClient();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('account stream', () => {
  it('tells a fill once when the stream and the gap backfill both bring it, and fills the gap', async () => {
    const told: number[][] = [];
    const s = accountStream(qc, 'p', 1);
    s.onFills((fills) => told.push(fills.map((f) => f.tradeId)));
    s.watch(['btc_krw']);
    qc.setQueryData<MyTrade[]>(qk.myTrades('p', 1, 'btc_krw'), []);
    const t0 = Date.now();

    frame('myTrade', { trade: { trades: [wsFill(1, t0 + 10)] } });
    expect(told).toEqual([[1]]);

    setStatus('interrupted');
    vi.setSystemTime(t0 + 20_000);
    // REST holds the streamed fill and the one made during the cut
    fake.rest.set('/v2/myTrades', () => [restFill(2, t0 + 15_000), restFill(1, t0 + 10)]);
    fake.rest.set('/v2/orders', (p) => ({ ...restFill(0, 0), orderId: p.orderId, status: 'filled' }));
    const followed: string[] = [];
    const { followOrder } = await import('./orderEvents.js');
    const off = followOrder(7, (o) => followed.push(o.status));
    setStatus('open');
    await vi.advanceTimersByTimeAsync(5_000); // the walk, then the re-read after REST settles
    off();

    expect(told).toEqual([[1], [2]]);
    const cached = qc.getQueryData<MyTrade[]>(qk.myTrades('p', 1, 'btc_krw'));
    expect(cached?.map((f) => f.tradeId)).toEqual([2, 1]);
    const walk = fake.calls.find((c) => c.path === '/v2/myTrades');
    expect(walk?.params).toMatchObject({ symbol: 'btc_krw', accountSeq: 1, limit: 1000, startTime: t0 });
    expect(followed).toContain('filled'); // the filled order's state, read because it filled in the gap
    expect(s.notice).toBeNull();
  });

  it('rebuilds the open orders and removes one that closed during the gap', async () => {
    const s = accountStream(qc, 'p2', 1);
    s.watch(['btc_krw']);
    const key = qk.openOrders('p2', 1, 'btc_krw');
    const resting: OpenOrder = {
      orderId: 5,
      orderType: 'limit',
      side: 'buy',
      filledQty: '0',
      filledAmt: '0',
      createdAt: 1,
      status: 'open',
    };
    fake.rest.set('/v2/openOrders', () => [resting]);
    await qc.fetchQuery(openOrdersQuery('p2', 1, 'btc_krw'));
    expect(qc.getQueryData<OpenOrder[]>(key)).toHaveLength(1);
    setStatus('interrupted');
    fake.rest.set('/v2/openOrders', () => []); // canceled elsewhere meanwhile
    fake.rest.set('/v2/orders', (p) => ({ ...restFill(0, 0), orderId: p.orderId, status: 'canceled' }));
    setStatus('open');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(qc.getQueryData<OpenOrder[]>(key)).toEqual([]);
    expect(fake.calls.filter((c) => c.path === '/v2/orders').map((c) => c.params.orderId)).toEqual([5]);
  });

  it('says in place when a gap reaches past the 36-hour history', async () => {
    const s = accountStream(qc, 'p3', 1);
    s.watch(['btc_krw']);
    vi.setSystemTime(Date.now() + HISTORY_WINDOW_MS); // watched a long time
    setStatus('interrupted');
    const down = Date.now();
    vi.setSystemTime(down + HISTORY_WINDOW_MS);
    setStatus('open');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(s.notice).toEqual({ kind: 'tooOld', since: down });
  });

  it('a fill told before anyone listens is handed to the first listener, once (the alerts mount late)', () => {
    const s = accountStream(qc, 'p5', 1);
    s.watch(['btc_krw']);
    qc.setQueryData<MyTrade[]>(qk.myTrades('p5', 1, 'btc_krw'), []);
    frame('myTrade', { trade: { trades: [wsFill(31, Date.now() + 10)] } });
    const told: number[][] = [];
    const off = s.onFills((f) => told.push(f.map((x) => x.tradeId)));
    expect(told).toEqual([[31]]);
    off();
    const again: number[][] = [];
    s.onFills((f) => again.push(f.map((x) => x.tradeId)));
    expect(again).toEqual([]);
  });

  it('a frame before the stream was first open, or fills older than the watch, are not told', async () => {
    const told: number[] = [];
    fake.current = 'connecting';
    const s = accountStream(qc, 'p4', 1);
    s.onFills((f) => told.push(...f.map((x) => x.tradeId)));
    s.watch(['btc_krw']);
    setStatus('open');
    const since = Date.now();
    setStatus('interrupted');
    fake.rest.set('/v2/myTrades', (p) => {
      expect(p.startTime).toBe(since); // never before the watch began
      return [];
    });
    setStatus('open');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(told).toEqual([]);
    expect(fake.calls.some((c) => c.path === '/v2/myTrades')).toBe(true);
  });

  it('subscribes myAsset only for balance views, merges its deltas and reloads the balance after a gap', async () => {
    const s = accountStream(qc, 'p5', 2);
    const offOrders = s.watch(['btc_krw']);
    expect(fake.handlers.get('myAsset')?.size ?? 0).toBe(0);
    const release = s.watchBalances();
    expect(fake.handlers.get('myAsset')?.size).toBe(1);
    expect(fake.handlers.get('myOrder')?.size).toBe(1); // one subscription per channel, however many views
    const key = qk.balance('p5', 2);
    fake.rest.set('/v2/balance', () => [row('krw', '100')]);
    await qc.fetchQuery({ queryKey: key, queryFn: () => Promise.resolve([row('krw', '100')]) });
    for (const h of fake.handlers.get('myAsset') ?? [])
      h({ channelType: 'myAsset', asset: { accountSeq: 2, assets: [{ currency: 'krw', available: '40' }] } });
    expect(qc.getQueryData<Balance[]>(key)?.[0]).toMatchObject({
      currency: 'krw',
      available: '40',
      balance: '100',
    });
    setStatus('interrupted');
    setStatus('open');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(qc.getQueryState(key)?.isInvalidated).toBe(true);
    release();
    expect(fake.handlers.get('myAsset')?.size).toBe(0);
    offOrders();
    expect(fake.handlers.get('myOrder')?.size).toBe(0);
    expect(fake.status.size).toBe(0);
  });
  it('a balance answer older than a myAsset frame received while it was on its way keeps the frame', async () => {
    const s = accountStream(qc, 'p6', 1);
    const release = s.watchBalances();
    const asset = (available: string) => {
      for (const h of fake.handlers.get('myAsset') ?? [])
        h({ channelType: 'myAsset', asset: { accountSeq: 1, assets: [{ currency: 'krw', available }] } });
    };
    // a frame before the request: the answer (newer) wins
    asset('50');
    await vi.advanceTimersByTimeAsync(5);
    fake.rest.set('/v2/balance', () => [row('krw', '35')]);
    expect((await qc.fetchQuery(balanceQuery('p6', 1)))[0]?.available).toBe('35');
    // a frame while the request is out: the frame wins over the older answer, other rows from the answer
    let answer: (rows: Balance[]) => void = () => {};
    fake.rest.set('/v2/balance', () => new Promise<Balance[]>((r) => (answer = r)));
    await qc.invalidateQueries({ queryKey: qk.balance('p6', 1) });
    const pending = qc.fetchQuery(balanceQuery('p6', 1));
    await vi.advanceTimersByTimeAsync(5);
    asset('40');
    answer([row('krw', '100'), row('btc', '1')]);
    const rows = await pending;
    expect(rows.map((r) => [r.currency, r.available])).toEqual([
      ['krw', '40'],
      ['btc', '1'],
    ]);
    expect(qc.getQueryData<Balance[]>(qk.balance('p6', 1))?.[0]?.available).toBe('40');
    release();
  });
});
