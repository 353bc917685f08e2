import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../log.js';
import { launchedSymbols, PairList, sameSymbols } from './pairList.js';
import { accountsOf, PrivateWireState, privateBody, privateFrameAccount } from './privateUpstream.js';

const row = (symbol: unknown, status: unknown) => ({ symbol, status });

describe('launchedSymbols', () => {
  it('keeps launched pairs only, sorted and unique; a non-list is null', () => {
    expect(
      launchedSymbols([
        row('xrp_krw', 'launched'),
        row('btc_krw', 'launched'),
        row('btc_krw', 'launched'),
        row('old_krw', 'stopped'),
        row('new_krw', 'preLaunch'),
        row('bad symbol', 'launched'),
        row(5, 'launched'),
        null,
      ]),
    ).toEqual(['btc_krw', 'xrp_krw']);
    expect(launchedSymbols({ data: [] })).toBeNull();
    expect(launchedSymbols([])).toEqual([]);
  });

  it('sameSymbols compares in order; null equals only null', () => {
    expect(sameSymbols(['a_b'], ['a_b'])).toBe(true);
    expect(sameSymbols(['a_b'], ['a_c'])).toBe(false);
    expect(sameSymbols(null, [])).toBe(false);
    expect(sameSymbols(null, null)).toBe(true);
  });
});

describe('PairList', () => {
  afterEach(() => vi.useRealTimers());
  const setup = (answers: Array<string[] | null | Error>) => {
    const lines: string[] = [];
    const changes: string[][] = [];
    let calls = 0;
    const list = new PairList(
      'private:x',
      async () => {
        const a = answers[Math.min(calls++, answers.length - 1)]!;
        if (a instanceof Error) throw a;
        return a;
      },
      createLogger((l) => lines.push(l)),
      (s) => changes.push([...s]),
      1000,
    );
    return { list, lines, changes, calls: () => calls };
  };

  it('reports the first list and each change; a failure keeps the last list and says so', async () => {
    const { list, lines, changes } = setup([
      new Error('down'),
      ['btc_krw'],
      ['btc_krw'],
      [],
      new Error('down'),
      ['btc_krw', 'eth_krw'],
    ]);
    await list.refresh();
    expect(list.symbols).toBeNull();
    expect(lines.join('\n')).toMatch(
      /could not read the pair list \(down\); myOrder\/myTrade are subscribed without symbols/,
    );
    await list.refresh();
    await list.refresh();
    expect(changes).toEqual([['btc_krw']]);
    await list.refresh(); // an empty list is not believed
    await list.refresh();
    expect(list.symbols).toEqual(['btc_krw']);
    expect(lines.filter((l) => l.includes('keeping the last known 1 pairs'))).toHaveLength(2);
    await list.refresh();
    expect(changes).toEqual([['btc_krw'], ['btc_krw', 'eth_krw']]);
    expect(list.symbols).toEqual(['btc_krw', 'eth_krw']);
  });

  it('shares one fetch between concurrent refreshes, and refreshes on its interval until stopped', async () => {
    vi.useFakeTimers();
    const { list, calls } = setup([['btc_krw']]);
    await Promise.all([list.refresh(), list.refresh()]);
    expect(calls()).toBe(1);
    list.start();
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls()).toBe(4);
    list.stop();
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls()).toBe(4);
  });

  it('refreshWithin gives up waiting after waitMs; the late list is still reported', async () => {
    vi.useFakeTimers();
    const changes: string[][] = [];
    let resolve: (v: string[]) => void = () => {};
    const list = new PairList(
      'p',
      () => new Promise<string[]>((r) => (resolve = r)),
      createLogger(() => {}),
      (s) => changes.push([...s]),
    );
    const waited = list.refreshWithin(500);
    await vi.advanceTimersByTimeAsync(500);
    await waited;
    expect(list.symbols).toBeNull();
    resolve(['eth_krw']);
    await vi.advanceTimersByTimeAsync(0);
    expect(changes).toEqual([['eth_krw']]);
  });
});

describe('private upstream plan', () => {
  const key = (type: string, accountSeq?: number) => ({
    key: `${type}|${accountSeq ?? ''}`,
    type,
    ...(accountSeq !== undefined ? { accountSeq } : {}),
  });

  it('a key without accountSeq is the main account; bodies always name accounts, symbols on myOrder/myTrade', () => {
    expect(accountsOf([key('myOrder'), key('myOrder', 3), key('myTrade', 2)], 'myOrder')).toEqual([1, 3]);
    const wire = { accounts: [1, 3], symbols: ['btc_krw'] };
    expect(privateBody('subscribe', 'myTrade', wire, 7)).toEqual({
      requestId: 7,
      method: 'subscribe',
      type: 'myTrade',
      accountSeqs: [1, 3],
      symbols: ['btc_krw'],
    });
    expect(privateBody('subscribe', 'myAsset', wire, 8)).toEqual({
      requestId: 8,
      method: 'subscribe',
      type: 'myAsset',
      accountSeqs: [1, 3],
    });
    expect(privateBody('subscribe', 'myOrder', { accounts: [1], symbols: null }, 9)).not.toHaveProperty(
      'symbols',
    );
  });

  it('subscribes what is new, sends nothing for fewer accounts, unsubscribes when none is left', () => {
    let symbols: string[] | null = ['btc_krw'];
    const w = new PrivateWireState(() => symbols);
    const p1 = w.plan('myOrder', [key('myOrder', 1)]);
    expect(p1).toEqual({ method: 'subscribe', wire: { accounts: [1], symbols: ['btc_krw'] } });
    w.commit('myOrder', p1!);
    expect(w.plan('myOrder', [key('myOrder')])).toBeNull(); // account 1 again
    const p2 = w.plan('myOrder', [key('myOrder', 1), key('myOrder', 2)]);
    expect(p2).toEqual({ method: 'subscribe', wire: { accounts: [1, 2], symbols: ['btc_krw'] } });
    w.commit('myOrder', p2!);
    expect(w.plan('myOrder', [key('myOrder', 2)])).toBeNull();
    symbols = ['btc_krw', 'eth_krw'];
    expect(w.plan('myOrder', [key('myOrder', 2)])).toEqual({
      method: 'subscribe',
      wire: { accounts: [2], symbols: ['btc_krw', 'eth_krw'] },
    });
    expect(w.plan('myAsset', [key('myAsset', 2)])).toEqual({
      method: 'subscribe',
      wire: { accounts: [2], symbols: null },
    });
    const p3 = w.plan('myOrder', []);
    expect(p3).toEqual({ method: 'unsubscribe', wire: { accounts: [1, 2], symbols: ['btc_krw'] } });
    w.commit('myOrder', p3!);
    expect(w.plan('myOrder', [])).toBeNull();
  });

  it('reads a frame without accountSeq as the main account', () => {
    expect(privateFrameAccount({ channelType: 'myOrder', order: { orders: [] } })).toBe(1);
    expect(privateFrameAccount({ channelType: 'myTrade', trade: { accountSeq: 4, trades: [] } })).toBe(4);
    expect(privateFrameAccount({ channelType: 'myAsset', asset: { accountSeq: '2', assets: [] } })).toBe(1);
    expect(privateFrameAccount({ channelType: 'myAsset', asset: null })).toBe(1);
  });
});
