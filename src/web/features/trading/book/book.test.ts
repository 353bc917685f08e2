import { describe, expect, it } from 'vitest';
import { buildLadder, canon, ownOrderMarks, sortSide, uncross } from '../../../lib/market/bookMath.js';
import type { Frame, StreamStatus, SubscribeReq } from '../../../lib/ws.js';
import { BookStore } from './bookStore.js';

describe('bookMath', () => {
  it('sorts bids down and asks up, drops zero levels and merges duplicates', () => {
    expect(
      sortSide(
        [
          { price: '100', qty: '1' },
          { price: '102', qty: '0' },
          { price: '101', qty: '2' },
          { price: '100', qty: '0.5' },
        ],
        'bids',
      ),
    ).toEqual([
      { price: '101', qty: '2' },
      { price: '100', qty: '1.5' },
    ]);
    expect(
      sortSide(
        [
          { price: '5', qty: '1' },
          { price: '3', qty: '1' },
        ],
        'asks',
      ).map((l) => l.price),
    ).toEqual(['3', '5']);
  });

  it('never leaves a crossed book', () => {
    const r = uncross(
      [
        { price: '105', qty: '1' },
        { price: '99', qty: '1' },
      ],
      [
        { price: '100', qty: '1' },
        { price: '101', qty: '1' },
      ],
    );
    expect(r.bids[0]!.price).toBe('99');
    expect(r.asks[0]!.price).toBe('101');
  });

  it('computes cumulative depth, spread and mid', () => {
    const l = buildLadder(
      [
        { price: '99', qty: '1' },
        { price: '98', qty: '3' },
      ],
      [{ price: '101', qty: '2' }],
    );
    expect(l.bids.map((r) => r.cum)).toEqual(['1', '4']);
    expect(l.bids[1]!.depth).toBe(1);
    expect(l.asks[0]!.depth).toBe(0.5);
    expect(l.spread).toBe('2');
    expect(l.mid).toBe('100');
  });

  it('marks own orders at their grouped level', () => {
    const m = ownOrderMarks(
      [
        { side: 'buy', price: '1234' },
        { side: 'sell', price: '1234' },
      ],
      '100',
    );
    expect([...m.bids]).toEqual(['1200']);
    expect([...m.asks]).toEqual(['1300']);
    expect(canon('100.500')).toBe('100.5');
  });
});

function fakeStream() {
  let handler: ((f: Frame) => void) | null = null;
  let statusCb: ((s: StreamStatus) => void) | null = null;
  const reqs: SubscribeReq[] = [];
  return {
    reqs,
    emit: (f: Frame) => handler?.(f),
    status: (s: StreamStatus) => statusCb?.(s),
    stream: {
      subscribe: (req: SubscribeReq, h: (f: Frame) => void) => {
        reqs.push(req);
        handler = h;
        return () => {
          handler = null;
        };
      },
      onStatus: (cb: (s: StreamStatus) => void) => {
        statusCb = cb;
        cb('open');
        return () => {
          statusCb = null;
        };
      },
    },
  };
}

const frame = (bids: [string, string][], asks: [string, string][], snapshot?: boolean): Frame => ({
  type: 'orderbook',
  symbol: 'btc_krw',
  timestamp: 1,
  ...(snapshot ? { snapshot: true } : {}),
  data: {
    timestamp: 1,
    bids: bids.map(([price, qty]) => ({ price, qty })),
    asks: asks.map(([price, qty]) => ({ price, qty })),
  },
});

describe('BookStore', () => {
  it('streams a grouped book on a connection of its own, where no ungrouped frame can reach it', () => {
    const main = fakeStream();
    const grouped = fakeStream();
    const store = new BookStore(
      main.stream,
      () => {},
      () => 0,
      grouped.stream,
    );
    store.start('btc_krw', '1000');
    expect(main.reqs).toEqual([]);
    expect(grouped.reqs[0]).toEqual({ type: 'orderbook', symbols: ['btc_krw'], level: '1000' });
    // the grouped book, untagged as the public frame shape allows
    grouped.emit(frame([['99000', '1']], [['101000', '1']], true));
    expect(store.getSnapshot().ladder.bids[0]!.price).toBe('99000');
    // an ungrouped frame of the same pair on the main connection: not this store's
    main.emit(frame([['99123', '1']], [['100456', '1']], true));
    expect(store.getSnapshot().ladder.bids[0]!.price).toBe('99000');
    // back to no grouping: the main connection
    store.start('btc_krw', null);
    expect(main.reqs[0]).toEqual({ type: 'orderbook', symbols: ['btc_krw'] });
    store.stop();
  });

  it('paints the snapshot at once, coalesces updates per frame, and rebuilds only from a new snapshot', () => {
    const fs = fakeStream();
    const rafs: (() => void)[] = [];
    const store = new BookStore(fs.stream, (cb) => rafs.push(cb));
    store.start('btc_krw', null);
    expect(fs.reqs[0]).toEqual({ type: 'orderbook', symbols: ['btc_krw'] });

    fs.emit(frame([['99', '1']], [['101', '1']])); // before any snapshot: ignored
    expect(store.getSnapshot().status).toBe('waiting');

    fs.emit(frame([['99', '1']], [['101', '1']], true));
    expect(store.getSnapshot().status).toBe('live');
    expect(store.getSnapshot().ladder.bids[0]!.price).toBe('99');

    fs.emit(frame([['98', '1']], [['101', '1']]));
    fs.emit(frame([['97', '1']], [['101', '1']]));
    expect(store.getSnapshot().ladder.bids[0]!.price).toBe('99');
    expect(rafs.length).toBe(1);
    rafs.shift()!();
    expect(store.getSnapshot().ladder.bids[0]!.price).toBe('97');
    expect(store.getSnapshot().paints).toBe(2);

    fs.status('interrupted');
    expect(store.getSnapshot().status).toBe('stale');
    expect(store.getSnapshot().ladder.bids).toEqual([]);
    fs.emit(frame([['96', '1']], [['101', '1']])); // stale update after interruption: ignored
    expect(store.getSnapshot().ladder.bids).toEqual([]);
    fs.emit(frame([['95', '1']], [['100', '1']], true));
    expect(store.getSnapshot().ladder.bids[0]!.price).toBe('95');
    expect(store.getSnapshot().ladder.bids.length).toBe(1);
  });

  it('renders a frame after a quiet frame interval at once, and coalesces frames closer together', () => {
    const fs = fakeStream();
    const rafs: (() => void)[] = [];
    let now = 1000;
    const store = new BookStore(
      fs.stream,
      (cb) => rafs.push(cb),
      () => now,
    );
    store.start('btc_krw', null);
    fs.emit(frame([['99', '1']], [['101', '1']], true));
    now += 40;
    fs.emit(frame([['98', '1']], [['101', '1']]));
    expect(store.getSnapshot().ladder.bids[0]!.price).toBe('98');
    expect(rafs.length).toBe(0);
    now += 5;
    fs.emit(frame([['97', '1']], [['101', '1']]));
    now += 5;
    fs.emit(frame([['96', '1']], [['101', '1']]));
    expect(store.getSnapshot().ladder.bids[0]!.price).toBe('98');
    expect(rafs.length).toBe(1);
    rafs.shift()!();
    expect(store.getSnapshot().ladder.bids[0]!.price).toBe('96');
    expect(store.getSnapshot().paints).toBe(3);
  });
});
