// The tape's store with a scripted stream and REST page: seeded from GET /v2/trades even when the
// stream's snapshot holds one row, merged without duplicates, rebuilt on a reconnect.
import { describe, expect, it } from 'vitest';
import type { Trade } from '../../../lib/types.js';
import type { Frame, StreamStatus } from '../../../lib/ws.js';
import { TradeStore } from './tradeStore.js';

const tr = (tradeId: number): Trade =>
  ({ tradeId, timestamp: tradeId * 1000, price: `${100 + tradeId}`, qty: '1', isBuyerTaker: true }) as Trade;

function fakeStream() {
  let onFrame: ((f: Frame) => void) | null = null;
  let onStatus: ((s: StreamStatus) => void) | null = null;
  return {
    subscribe: (_req: unknown, h: (f: Frame) => void) => {
      onFrame = h;
      return () => {
        onFrame = null;
      };
    },
    onStatus: (cb: (s: StreamStatus) => void) => {
      onStatus = cb;
      cb('connecting');
      return () => {
        onStatus = null;
      };
    },
    frame: (data: Trade[], snapshot = false) =>
      onFrame?.({
        type: 'trade',
        symbol: 'btc_krw',
        timestamp: Date.now(),
        snapshot,
        data,
      } as unknown as Frame),
    status: (s: StreamStatus) => onStatus?.(s),
  };
}

const flushNow = (cb: () => void) => {
  cb();
  return 0;
};
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('TradeStore', () => {
  it('is full from the REST page although the snapshot holds one row, without duplicates', async () => {
    const s = fakeStream();
    const page = [tr(20), tr(19), tr(18), tr(17), tr(16)];
    const store = new TradeStore(s as never, flushNow as never, async () => page);
    store.start('btc_krw');
    s.status('open');
    s.frame([tr(20)], true);
    await settle();
    expect(store.getSnapshot().trades.map((t) => t.tradeId)).toEqual([20, 19, 18, 17, 16]);
    s.frame([tr(21), tr(20)]);
    await settle();
    expect(store.getSnapshot().trades.map((t) => t.tradeId)).toEqual([21, 20, 19, 18, 17, 16]);
  });

  it('hands each new trade on once when frames before a flush repeat it (the chart folds each batch)', async () => {
    const s = fakeStream();
    const rafs: (() => void)[] = [];
    const raf = (cb: () => void) => {
      rafs.push(cb);
      return 0;
    };
    const store = new TradeStore(s as never, raf as never, async () => []);
    const batches: number[][] = [];
    store.onTrades((b) => batches.push(b.map((t) => t.tradeId)));
    store.start('btc_krw');
    s.status('open');
    s.frame([tr(1)], true);
    await settle();
    s.frame([tr(2), tr(1)]);
    s.frame([tr(3), tr(2)]);
    s.frame([tr(3)]);
    while (rafs.length) rafs.shift()?.();
    s.frame([tr(4), tr(3)]);
    while (rafs.length) rafs.shift()?.();
    // a throttled flush waits for the next 100 ms grid line after the last flush + 100 ms: up to 200 ms
    await new Promise((r) => setTimeout(r, 250));
    while (rafs.length) rafs.shift()?.();
    expect(batches).toEqual([[1], [2, 3], [4]]);
    expect(store.getSnapshot().trades.map((t) => t.tradeId)).toEqual([4, 3, 2, 1]);
  });

  it('discards the tape on a reconnect and rebuilds from the new snapshot and page', async () => {
    const s = fakeStream();
    let page = [tr(5), tr(4)];
    let reads = 0;
    const store = new TradeStore(s as never, flushNow as never, async () => {
      reads++;
      return page;
    });
    store.start('btc_krw');
    s.status('open');
    await settle();
    expect(store.getSnapshot().trades.map((t) => t.tradeId)).toEqual([5, 4]);
    s.status('interrupted');
    // the outage: trades 6..9 happened; the old rows are gone from the new page
    page = [tr(9), tr(8), tr(7), tr(6)];
    s.status('open');
    expect(store.getSnapshot().trades).toEqual([]);
    s.frame([tr(9)], true);
    await settle();
    expect(reads).toBe(2);
    expect(store.getSnapshot().trades.map((t) => t.tradeId)).toEqual([9, 8, 7, 6]);
  });

  it('drops a page that answers for a symbol no longer shown', async () => {
    const s = fakeStream();
    let release: (v: Trade[]) => void = () => undefined;
    const store = new TradeStore(s as never, flushNow as never, (sym) =>
      sym === 'btc_krw' ? new Promise<Trade[]>((r) => (release = r)) : Promise.resolve([]),
    );
    store.start('btc_krw');
    store.start('eth_krw');
    release([tr(1)]);
    await settle();
    expect(store.getSnapshot().symbol).toBe('eth_krw');
    expect(store.getSnapshot().trades).toEqual([]);
  });
});
