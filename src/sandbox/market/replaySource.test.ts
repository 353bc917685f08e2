import { describe, expect, it } from 'vitest';
import { RecordingEncoder } from '../../core/recording/codec.js';
import { RECORDING_VERSION } from '../../core/recording/format.js';
import { parseRecording } from './replayFile.js';
import { ReplaySource } from './replaySource.js';

const book = (bid: string, ask: string, qty = '1') => ({
  type: 'orderbook',
  timestamp: 1,
  symbol: 'btc_krw',
  data: { timestamp: 1, bids: [{ price: bid, qty }], asks: [{ price: ask, qty }] },
});
const trade = (price: string, qty = '0.01') => ({
  type: 'trade',
  timestamp: 1,
  symbol: 'btc_krw',
  data: [{ timestamp: 1, tradeId: 9, price, qty, isBuyerTaker: true }],
});

/** A 3-minute recording: books moving up a tick every 10 s, a trade every 5 s. */
function recording(): Buffer {
  const enc = new RecordingEncoder({
    kapiRecording: RECORDING_VERSION,
    startedAt: 1_700_000_000_000,
    pairs: ['btc_krw'],
    channels: ['ticker', 'orderbook', 'trade'],
    account: false,
    source: 'sandbox',
    keyframeMs: 30_000,
  });
  const lines = [enc.headerText()];
  for (let t = 0; t <= 180_000; t += 5000) {
    const step = Math.floor(t / 10_000);
    if (t % 10_000 === 0)
      lines.push(enc.encode(t, book(String(100_000_000 + step * 1000), String(100_001_000 + step * 1000)))!);
    if (t > 0) lines.push(enc.encode(t + 1, trade(String(100_000_000 + step * 1000)))!);
  }
  lines.push(enc.encode(0, { type: 'trade', snapshot: true, symbol: 'btc_krw', timestamp: 1, data: [] })!);
  return Buffer.from(`${lines.join('\n')}\n`);
}

function script() {
  let now = 1_800_000_000_000;
  const src = new ReplaySource(parseRecording('demo.ndjson', recording()), { now: () => now, tickMs: 0 });
  const log: string[] = [];
  src.listen({
    onBook: (s) => log.push(`book ${s} ${src.book(s)!.bids[0]![0]} @${src.book(s)!.timestamp}`),
    onTrades: (s, ts) => log.push(...ts.map((t) => `trade ${s} ${t.tradeId} ${t.price} @${t.timestamp}`)),
  });
  const step = (ms: number) => {
    now += ms;
    src.advance();
  };
  return { src, log, step, at: () => now };
}

describe('replayed market source', () => {
  it('plays books and trades at the recording pace, stamped with the replay clock', () => {
    const { src, step, at } = script();
    src.start();
    expect(src.book('btc_krw')!.bids[0]).toEqual([100_000_000 * 10_000, 100_000_000]);
    step(12_000);
    expect(src.book('btc_krw')!.bids[0]![0]).toBe(100_001_000 * 10_000);
    const trades = src.trades('btc_krw', 10);
    expect(trades.map((t) => t.tradeId)).toEqual([2, 1]); // own ids, newest first; the snapshot is not a trade
    expect(trades[0]!.timestamp).toBe(at() - 12_000 + 10_001);
    expect(src.replayState()).toMatchObject({
      positionMs: 12_000,
      durationMs: 180_001,
      speed: 1,
      paused: false,
    });
  });

  it('pause holds everything, speed scales the pace, seek rebuilds the book at the position', () => {
    const { src, step } = script();
    src.start();
    step(6000);
    src.control('pause');
    const before = JSON.stringify([src.book('btc_krw'), src.trades('btc_krw', 50)]);
    step(60_000);
    expect(JSON.stringify([src.book('btc_krw'), src.trades('btc_krw', 50)])).toBe(before);
    expect(src.replayState()).toMatchObject({ positionMs: 6000, paused: true });
    src.control('resume');
    src.control('speed', 4);
    step(10_000); // 40 s of recording
    expect(src.replayState().positionMs).toBe(46_000);
    expect(src.book('btc_krw')!.bids[0]![0]).toBe(100_004_000 * 10_000);
    src.control('seek', 125_000);
    expect(src.book('btc_krw')!.bids[0]![0]).toBe(100_012_000 * 10_000);
    const tradesAtSeek = src.trades('btc_krw', 500).length;
    step(1000); // 4 s at speed 4: the trade at 125 001 is replayed, nothing between 46 s and 125 s was
    expect(src.trades('btc_krw', 500).length).toBe(tradesAtSeek + 1);
    expect(src.control('speed', 1000).speed).toBe(50);
  });

  it('starts again at the end (timestamps and ids keep growing), or stays at the end without loop', () => {
    const { src, log, step } = script();
    src.start();
    for (let i = 0; i < 40; i++) step(5000); // 200 s: past the 180 s end
    expect(src.replayState().loops).toBe(1);
    const stamps = log.map((l) => Number(l.split('@')[1]));
    expect(stamps.every((s, i) => i === 0 || s >= stamps[i - 1]!)).toBe(true);
    const ids = log.filter((l) => l.startsWith('trade')).map((l) => Number(l.split(' ')[2]));
    expect(new Set(ids).size).toBe(ids.length);

    let now = 0;
    const once = new ReplaySource(parseRecording('x', recording()), {
      now: () => now,
      tickMs: 0,
      loop: false,
    });
    once.start();
    now += 400_000;
    once.advance();
    expect(once.replayState()).toMatchObject({ ended: true, paused: true, positionMs: 180_001 });
    once.control('resume'); // from the start again
    expect(once.replayState()).toMatchObject({ ended: false, positionMs: 0 });
  });

  it('is deterministic: the same file, controls and clock give the same events and candles', async () => {
    const run = async () => {
      const r = script();
      r.src.start();
      r.step(30_000);
      r.src.control('speed', 2);
      r.step(20_000);
      r.src.control('seek', 10_000);
      r.step(90_000);
      r.src.control('pause');
      const c = await r.src.candles('btc_krw', '1', { limit: 200 });
      return { log: r.log, candles: c.ok ? c.value : null };
    };
    const a = await run();
    const b = await run();
    expect(a.log.length).toBeGreaterThan(30);
    expect(b).toEqual(a);
    expect(a.candles!.length).toBeGreaterThan(1);
    expect(a.candles![0]!.open).toBe('100000000');
  });

  it('refuses files that are not recordings', () => {
    expect(() => parseRecording('x', Buffer.from('hello\n'))).toThrow(/RECORDING|first line/);
    expect(() => parseRecording('x', Buffer.from([0x1f, 0x8b, 1, 2, 3]))).toThrow(/decompress/);
  });
});
