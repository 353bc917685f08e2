// Matching engine throughput against a naive baseline in the same run (ratio, not wall time).
// The baseline keeps each level as an array and cancels with indexOf + splice (re-indexing the
// level), the shape that made a popular npm order book ~30x slower than an O(1)-cancel book.
import { OrderBook } from '../src/sandbox/engine/book.js';
import { apply, plan } from '../src/sandbox/engine/match.js';

type Op =
  | { kind: 'add'; id: number; side: 'buy' | 'sell'; price: number; qty: number }
  | { kind: 'cancel'; id: number }
  | { kind: 'take'; side: 'buy' | 'sell'; qty: number };

function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function makeStream(n: number, seed = 7): Op[] {
  const rnd = prng(seed);
  const mid = 1_000_000;
  const live: number[] = [];
  const ops: Op[] = [];
  let id = 1;
  // Deep book first: 4,000 resting orders over 1,000 levels per side.
  for (let i = 0; i < 4000; i++) {
    const side = i % 2 === 0 ? 'buy' : 'sell';
    const off = 1 + Math.floor(rnd() * 1000);
    ops.push({
      kind: 'add',
      id,
      side,
      price: side === 'buy' ? mid - off : mid + off,
      qty: 1 + Math.floor(rnd() * 100),
    });
    live.push(id++);
  }
  while (ops.length < n) {
    const r = rnd();
    if (r < 0.5 || live.length < 100) {
      const side = rnd() < 0.5 ? 'buy' : 'sell';
      const off = 1 + Math.floor(rnd() * 1000);
      ops.push({
        kind: 'add',
        id,
        side,
        price: side === 'buy' ? mid - off : mid + off,
        qty: 1 + Math.floor(rnd() * 100),
      });
      live.push(id++);
    } else if (r < 0.9) {
      const k = Math.floor(rnd() * live.length);
      const victim = live[k]!;
      live[k] = live[live.length - 1]!;
      live.pop();
      ops.push({ kind: 'cancel', id: victim });
    } else {
      ops.push({ kind: 'take', side: rnd() < 0.5 ? 'buy' : 'sell', qty: 1 + Math.floor(rnd() * 50) });
    }
  }
  return ops;
}

export function runEngine(ops: Op[]): number {
  const book = new OrderBook();
  let fills = 0;
  for (const op of ops) {
    if (op.kind === 'add')
      book.add({ id: op.id, userId: 1, accountSeq: 1, side: op.side, price: op.price, remaining: op.qty });
    else if (op.kind === 'cancel') book.remove(op.id);
    else {
      const p = plan(book, {
        userId: 2,
        side: op.side,
        limitPrice: null,
        qty: op.qty,
        amt: null,
        protectPrice: null,
      });
      apply(book, p);
      fills += p.fills.length;
    }
  }
  return fills;
}

interface NaiveOrder {
  id: number;
  qty: number;
}
export function runNaive(ops: Op[]): number {
  const sides = { buy: new Map<number, NaiveOrder[]>(), sell: new Map<number, NaiveOrder[]>() };
  const where = new Map<number, { side: 'buy' | 'sell'; price: number }>();
  let fills = 0;
  const sortedPrices = (s: 'buy' | 'sell') =>
    [...sides[s].keys()].sort((a, b) => (s === 'buy' ? b - a : a - b));
  for (const op of ops) {
    if (op.kind === 'add') {
      const lvl = sides[op.side].get(op.price) ?? [];
      lvl.push({ id: op.id, qty: op.qty });
      sides[op.side].set(op.price, lvl);
      where.set(op.id, { side: op.side, price: op.price });
    } else if (op.kind === 'cancel') {
      const w = where.get(op.id);
      if (!w) continue;
      const lvl = sides[w.side].get(w.price)!;
      lvl.splice(
        lvl.findIndex((o) => o.id === op.id),
        1,
      );
      if (lvl.length === 0) sides[w.side].delete(w.price);
      where.delete(op.id);
    } else {
      const opp = op.side === 'buy' ? 'sell' : 'buy';
      let left = op.qty;
      for (const p of sortedPrices(opp)) {
        const lvl = sides[opp].get(p)!;
        while (left > 0 && lvl.length > 0) {
          const o = lvl[0]!;
          const q = Math.min(left, o.qty);
          o.qty -= q;
          left -= q;
          fills++;
          if (o.qty === 0) {
            lvl.shift();
            where.delete(o.id);
          }
        }
        if (lvl.length === 0) sides[opp].delete(p);
        if (left === 0) break;
      }
    }
  }
  return fills;
}
