import { describe, expect, it } from 'vitest';
import { applyDelta, compareUnsigned, diffBook } from './bookDelta.js';
import { decodeRecording, RecordingEncoder } from './codec.js';
import { parseHeader, RECORDING_VERSION, RecordingFormatError, type RecordingHeader } from './format.js';

const header: RecordingHeader = {
  kapiRecording: RECORDING_VERSION,
  startedAt: 1_700_000_000_000,
  pairs: ['btc_krw'],
  channels: ['ticker', 'orderbook', 'trade'],
  account: false,
  source: 'sandbox',
  keyframeMs: 1000,
};

const lv = (price: string, qty: string) => ({ price, qty });
const book = (t: number, bids: [string, string][], asks: [string, string][]) => ({
  type: 'orderbook',
  timestamp: t,
  symbol: 'btc_krw',
  data: { timestamp: t, bids: bids.map(([p, q]) => lv(p, q)), asks: asks.map(([p, q]) => lv(p, q)) },
});

describe('recording codec', () => {
  it('compares decimal strings as numbers', () => {
    expect(compareUnsigned('9', '10')).toBeLessThan(0);
    expect(compareUnsigned('10.5', '10.45')).toBeGreaterThan(0);
    expect(compareUnsigned('1.50', '1.5')).toBe(0);
    expect(compareUnsigned('0.001', '0.0009')).toBeGreaterThan(0);
  });

  it('a delta turns one book into the next, levels gone included', () => {
    const a = { bids: [lv('100', '1'), lv('99', '2')], asks: [lv('101', '1'), lv('102', '3')] };
    const b = { bids: [lv('100.5', '1'), lv('100', '4')], asks: [lv('102', '3'), lv('110', '1')] };
    const d = diffBook(a, b);
    expect(d.bids).toEqual([
      ['100.5', '1'],
      ['100', '4'],
      ['99', '0'],
    ]);
    expect(applyDelta(a, d)).toEqual(b);
  });

  it('writes deltas between keyframes and reads the full books back', () => {
    const enc = new RecordingEncoder(header);
    const frames = [
      { ...book(1, [['100', '1']], [['101', '1']]), snapshot: true },
      book(2, [['100', '2']], [['101', '1']]),
      { type: 'trade', timestamp: 3, symbol: 'btc_krw', data: [{ price: '101', qty: '0.1' }] },
      book(
        4,
        [
          ['100', '2'],
          ['99', '5'],
        ],
        [['102', '1']],
      ),
      book(1500, [['98', '1']], [['103', '1']]),
      { type: 'ticker', timestamp: 5, symbol: 'eth_krw', data: {} }, // not a recorded pair
      { status: 'success', requestId: 1 }, // an ack
    ];
    const ts = [0, 10, 20, 30, 1200, 1300, 1400];
    const lines = [enc.headerText()];
    frames.forEach((f, i) => {
      const l = enc.encode(ts[i]!, f);
      if (l) lines.push(l);
    });
    expect(lines).toHaveLength(6);
    expect(JSON.parse(lines[2]!).b).toEqual({ s: 'btc_krw', ts: 2, bids: [['100', '2']], asks: [] });
    expect(JSON.parse(lines[4]!).b).toBeDefined();
    expect(JSON.parse(lines[5]!).f.type).toBe('orderbook'); // a keyframe after keyframeMs
    const { header: h, frames: out } = decodeRecording(`${lines.join('\n')}\n`);
    expect(h.pairs).toEqual(['btc_krw']);
    const books = out.filter((f) => f.frame.type === 'orderbook').map((f) => f.frame.data);
    expect(books).toHaveLength(4);
    expect(books[2]).toEqual(
      book(
        4,
        [
          ['100', '2'],
          ['99', '5'],
        ],
        [['102', '1']],
      ).data,
    );
    expect(books[3]).toEqual(book(1500, [['98', '1']], [['103', '1']]).data);
    expect(out.map((f) => f.t)).toEqual([0, 10, 20, 30, 1200]);
  });

  it('leaves private frames out unless the header says account', () => {
    const my = { channelType: 'myOrder', timestamp: 1, order: { orders: [] } };
    expect(new RecordingEncoder(header).encode(0, my)).toBeNull();
    expect(new RecordingEncoder({ ...header, account: true }).encode(0, my)).toContain('myOrder');
  });

  it('keeps what came before a torn last line, refuses a damaged middle and a foreign header', () => {
    const enc = new RecordingEncoder(header);
    const l1 = enc.encode(0, book(1, [['100', '1']], [['101', '1']]))!;
    const torn = `${enc.headerText()}\n${l1}\n{"t":5,"f":{"ty`;
    expect(decodeRecording(torn).frames).toHaveLength(1);
    expect(() => decodeRecording(`${enc.headerText()}\nnope\n${l1}\n`)).toThrow(RecordingFormatError);
    expect(() => parseHeader('{"hello":1}')).toThrow(/not a recording/);
    expect(() => parseHeader('{"kapiRecording":2,"pairs":["btc_krw"],"startedAt":1}')).toThrow(/version 2/);
    expect(() => decodeRecording('')).toThrow(/empty/);
  });
});
