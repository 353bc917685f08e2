import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../core/seededRandom.js';
import { OrderBook, type RestingOrder } from './book.js';
import { type PlaceSpec, placeOrder, remainderToRest } from './drive.js';
import { apply, eachFill, type FillSink, type MatchPlan, plan, type TakerSpec, take } from './match.js';

// placeOrder rests a limit that reaches nothing opposite at once, without the matching call. Held
// here to the whole path every order took before (the matching call, the fills, the remainder rule,
// the insert), on random traffic: limits that cross and limits that do not, at the best price
// opposite, against an empty side; fill-or-kill, immediate-or-cancel, market orders by quantity and
// by amount, and the taker's own orders (self-trade stops). Plans, fills and books must agree.

class Sink implements FillSink {
  fills: Array<[number, number, number]> = [];
  fill(maker: RestingOrder, price: number, qty: number): void {
    this.fills.push([maker.id, price, qty]);
  }
}

/** The engine-facing sequence without the short path. */
function longPath(book: OrderBook, t: TakerSpec, p: PlaceSpec, sink: FillSink) {
  let pl: MatchPlan;
  if (p.fok) {
    pl = plan(book, t);
    if (t.qty === null || pl.filledQty < t.qty) return { plan: null, rested: 0 };
    apply(book, pl);
  } else pl = take(book, t);
  if (pl.count > 0) eachFill(pl, sink);
  const rest = remainderToRest(t, p, pl);
  if (rest > 0) book.insert(p.id, t.userId, p.accountSeq, t.side, t.limitPrice!, rest);
  return { plan: pl, rested: rest };
}

const summary = (pl: MatchPlan | null) =>
  pl && {
    count: pl.count,
    fills: pl.fills.map((f) => [f.slot, f.price, f.qty]),
    filledQty: pl.filledQty,
    filledAmt: pl.filledAmt,
    stop: pl.stop,
    selfMaker: pl.selfMaker?.id ?? null,
  };

describe('placeOrder, a limit that reaches nothing opposite', () => {
  it('ends as the whole path would have ended it, on random traffic', () => {
    const rnd = seededRandom(7);
    const a = new OrderBook();
    const b = new OrderBook();
    const live: number[] = [];
    let short = 0;
    for (let id = 1; id <= 6000; id++) {
      const r = rnd();
      const side = rnd() < 0.5 ? 'buy' : 'sell';
      const userId = 1 + Math.floor(rnd() * 4);
      if (r < 0.15 && live.length > 0) {
        const k = Math.floor(rnd() * live.length);
        const cancel = live[k]!;
        live[k] = live[live.length - 1]!;
        live.pop();
        expect(a.cancel(cancel)).toBe(b.cancel(cancel));
        continue;
      }
      const market = r > 0.9;
      const byAmt = market && side === 'buy' && rnd() < 0.5;
      const t: TakerSpec = {
        userId,
        side,
        // around a mid that moves slowly, so limits cross now and then and sides run empty
        limitPrice: market ? null : 1000 + Math.floor(id / 500) + Math.floor(rnd() * 21) - 10,
        qty: byAmt ? null : 1 + Math.floor(rnd() * 30),
        amt: byAmt ? BigInt(1 + Math.floor(rnd() * 30_000)) : null,
        protectPrice: null,
      };
      // as the exchange sets them: fill-or-kill limits may rest, immediate-or-cancel and markets not
      const tif = rnd();
      const p: PlaceSpec = {
        id,
        accountSeq: 1,
        fok: !market && tif < 0.05,
        rests: !market && !(tif >= 0.05 && tif < 0.1),
      };
      const opp = side === 'buy' ? a.asks : a.bids;
      if (p.rests && !p.fok && t.limitPrice !== null && opp.better(t.limitPrice, opp.best)) short++;
      const sa = new Sink();
      const sb = new Sink();
      const ra = placeOrder(a, t, p, sa);
      const pa = summary(ra.plan);
      const rb = longPath(b, t, p, sb);
      expect(pa).toEqual(summary(rb.plan));
      expect(ra.rested).toBe(rb.rested);
      expect(sa.fills).toEqual(sb.fills);
      if (ra.rested > 0) live.push(id);
      expect(a.depth('buy')).toEqual(b.depth('buy'));
      expect(a.depth('sell')).toEqual(b.depth('sell'));
      expect(a.orders.size).toBe(b.orders.size);
    }
    // the short path was taken often, and the whole path too
    expect(short).toBeGreaterThan(2000);
    expect(short).toBeLessThan(5000);
  });

  it('says why nothing filled: the limit, or an empty side', () => {
    const b = new OrderBook();
    const spec = { id: 1, accountSeq: 1, fok: false, rests: true };
    const t: TakerSpec = { userId: 1, side: 'buy', limitPrice: 99, qty: 5, amt: null, protectPrice: null };
    expect(placeOrder(b, t, spec, new Sink()).plan?.stop).toBe('liquidity');
    b.insert(2, 2, 1, 'sell', 100, 5);
    const r = placeOrder(b, t, { ...spec, id: 3 }, new Sink());
    expect(r.plan?.stop).toBe('limit');
    expect(r.plan?.count).toBe(0);
    expect(r.plan?.fills).toEqual([]);
    expect(r.plan?.filledAmt).toBe(0n);
    expect(r.rested).toBe(5);
    // at the best price opposite it fills
    const s = new Sink();
    expect(placeOrder(b, { ...t, limitPrice: 100 }, { ...spec, id: 4 }, s).plan?.count).toBe(1);
    expect(s.fills).toEqual([[2, 100, 5]]);
    expect(b.depth('buy')).toEqual([[99, 10]]);
  });
});
