// The engine bench compares books that must do the same job: the typed-array ladder and the naive
// book are held here to the engine (driven through the exchange's engine calls) on random streams
// with crossing limits and few owners, so self-trade stops happen: the same fills (maker, price,
// quantity, in order), the same level totals and the same resting orders. nodejs-order-book has no
// self-trade rule of the engine's kind, so it is held to the same fill counts on a stream whose
// owners never meet (as the bench stream's).
import { describe, expect, it } from 'vitest';
import { EngineBook, NaiveBook, NodejsOrderBook } from '../../../bench/engine/books.js';
import { LadderBook } from '../../../bench/engine/ladder.js';
import { BareLadderBook } from '../../../bench/engine/ladderBare.js';
import { BUY, LO, makeStream, prng, SELL, WIDTH } from '../../../bench/engine/stream.js';
import type { RestingOrder } from './book.js';
import type { FillSink } from './drive.js';

class Recorder implements FillSink {
  fills: number[][] = [];
  fill(maker: RestingOrder, price: number, qty: number): void {
    this.fills.push([maker.id, price, qty]);
  }
}

function ladderFills(l: LadderBook, n: number): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < n; i++) out.push([l.fillMaker[i]!, l.fillPrice[i]!, l.fillQty[i]!]);
  return out;
}

describe('the bench books do the engine job the same way', () => {
  it('ladder and naive book match the engine fill for fill, with crossing limits and self-trade stops', () => {
    const rnd = prng(7);
    const rec = new Recorder();
    const engine = new EngineBook(rec);
    const ladder = new LadderBook(1000, 40, 5000);
    const naive = new NaiveBook();
    const live: number[] = [];
    let selfStops = 0;
    let crossed = 0;
    for (let id = 1; id <= 4000; id++) {
      const r = rnd();
      const owner = 1 + Math.floor(rnd() * 4);
      const side = rnd() < 0.5 ? BUY : SELL;
      const qty = 1 + Math.floor(rnd() * 20);
      rec.fills = [];
      let n: number;
      if (r < 0.7) {
        const price = 1000 + Math.floor(rnd() * 40);
        n = engine.limit(id, owner, side, price, qty);
        expect(ladder.limit(id, owner, side, price, qty)).toBe(n);
        expect(naive.limit(id, owner, side, price, qty)).toBe(n);
        if (n > 0) crossed++;
        live.push(id);
      } else if (r < 0.85 && live.length > 0) {
        const k = Math.floor(rnd() * live.length);
        const gone = live[k]!;
        live[k] = live[live.length - 1]!;
        live.pop();
        engine.cancel(gone);
        ladder.cancel(gone);
        naive.cancel(gone);
        n = 0;
      } else {
        n = engine.market(owner, side, qty * 3);
        expect(ladder.market(owner, side, qty * 3)).toBe(n);
        expect(naive.market(owner, side, qty * 3)).toBe(n);
      }
      if (ladder.selfTrade) selfStops++;
      expect(rec.fills).toEqual(ladderFills(ladder, n));
      expect(ladder.resting()).toBe(engine.resting());
      expect(naive.resting()).toBe(engine.resting());
      if (id % 50 === 0) {
        expect(ladder.depth(BUY)).toEqual(engine.depth(BUY));
        expect(ladder.depth(SELL)).toEqual(engine.depth(SELL));
      }
    }
    expect(selfStops).toBeGreaterThan(20);
    expect(crossed).toBeGreaterThan(100);
  });

  it('every book makes the same fills and keeps the same orders on the bench stream', () => {
    const s = makeStream(30_000, 'thin', 3);
    const books = [
      new EngineBook(),
      new LadderBook(LO, WIDTH, s.maxId),
      new BareLadderBook(LO, WIDTH, s.maxId),
      new NaiveBook(),
      new NodejsOrderBook(),
    ];
    const op = (b: (typeof books)[number], i: number): number => {
      if (s.kind[i] === 0) return b.limit(s.id[i]!, s.owner[i]!, s.side[i]!, s.price[i]!, s.qty[i]!);
      if (s.kind[i] === 2) return b.market(s.owner[i]!, s.side[i]!, s.qty[i]!);
      b.cancel(s.id[i]!);
      return 0;
    };
    let crossed = 0;
    for (let i = 0; i < s.n; i++) {
      const got = books.map((b) => op(b, i));
      expect(new Set(got).size, `op ${i}: ${got.join(' ')}`).toBe(1);
      if (s.kind[i] === 0 && got[0]! > 0) crossed++;
    }
    expect(crossed).toBeGreaterThan(0);
    expect(new Set(books.map((b) => b.resting())).size).toBe(1);
  });
});
