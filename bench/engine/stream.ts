// The fixed-seed operation stream every order book in the engine bench replays. Struct of arrays
// (no object per op) so reading the stream costs the same, and almost nothing, for every book.
// Mix: 70 % limit orders 1-50 ticks from a mid that moves (a bounded random walk), 20 % cancels of
// an order the generator believes live (already filled ones are no-op cancels, as on an exchange),
// 10 % market orders. The generator does not look at the book: when the mid falls, new sells land
// at or under bids placed earlier (and buys over asks when it rises), so some limits cross and go
// through the matching walk as takers before their remainder rests. Deep: the first 40,000 ops
// build a ~40k-order book, markets sized so it stays about that deep. Thin: a 200-order start and
// small markets, so sweeps empty levels often. Every order has its own owner (owner = id; markets
// owner 0), so the self-trade check runs on every maker and never stops a match in the stream
// (the books' tests cover the stop itself); every book can then be held to the same fill count.
import { seededRandom } from '../../src/core/seededRandom.js';

export const ADD = 0;
export const CANCEL = 1;
export const MARKET = 2;
export const BUY = 0;
export const SELL = 1;
export const MID = 100_000; // starting mid, in ticks
export const SPAN = 50; // limits 1..SPAN ticks from the mid of the moment
export const WALK = 30; // the mid stays within MID +/- WALK
/** Every price a stream can hold: [LO, LO + WIDTH). */
export const LO = MID - WALK - SPAN;
export const WIDTH = 2 * (WALK + SPAN) + 1;

export type Variant = 'deep' | 'thin';

export interface Stream {
  variant: Variant;
  n: number;
  kind: Uint8Array;
  side: Uint8Array;
  /** Order id (adds, cancels). */
  id: Int32Array;
  /** Owner (user) of the order: the id for adds, 0 for markets. */
  owner: Int32Array;
  price: Int32Array;
  qty: Int32Array;
  /** Ids run 1..maxId. */
  maxId: number;
}

/** The seeded random source of the generated streams (core/seededRandom). */
export const prng = seededRandom;

interface Shape {
  prefill: number;
  maxLimitQty: number;
  maxMarketQty: number;
  /** Chance per op that the mid moves, and the largest move (ticks). */
  step: number;
  jump: number;
}

const SHAPE: Record<Variant, Shape> = {
  // 7 adds, 2 cancels and 1 market per 10 ops: a market takes ~5 orders on average to hold depth
  deep: { prefill: 40_000, maxLimitQty: 100, maxMarketQty: 660, step: 0.05, jump: 8 },
  thin: { prefill: 200, maxLimitQty: 100, maxMarketQty: 720, step: 0.05, jump: 8 },
};

export function makeStream(n: number, variant: Variant, seed = 12): Stream {
  const rnd = prng(seed);
  const shape = SHAPE[variant];
  const s: Stream = {
    variant,
    n,
    kind: new Uint8Array(n),
    side: new Uint8Array(n),
    id: new Int32Array(n),
    owner: new Int32Array(n),
    price: new Int32Array(n),
    qty: new Int32Array(n),
    maxId: 0,
  };
  const live: number[] = [];
  let nextId = 1;
  let mid = MID;
  const add = (i: number) => {
    const side = rnd() < 0.5 ? BUY : SELL;
    const off = 1 + Math.floor(rnd() * SPAN);
    s.kind[i] = ADD;
    s.side[i] = side;
    s.id[i] = nextId;
    s.owner[i] = nextId;
    s.price[i] = side === BUY ? mid - off : mid + off;
    s.qty[i] = 1 + Math.floor(rnd() * shape.maxLimitQty);
    live.push(nextId++);
  };
  for (let i = 0; i < n; i++) {
    if (i < shape.prefill) {
      add(i);
      continue;
    }
    if (rnd() < shape.step) {
      // a step away from a bound is forced, so the walk stays inside the price window
      const by = 1 + Math.floor(rnd() * shape.jump);
      const up = mid - by < MID - WALK ? true : mid + by > MID + WALK ? false : rnd() < 0.5;
      mid += up ? by : -by;
    }
    const r = rnd();
    if (r < 0.7 || live.length === 0) add(i);
    else if (r < 0.9) {
      const k = Math.floor(rnd() * live.length);
      s.kind[i] = CANCEL;
      s.id[i] = live[k]!;
      live[k] = live[live.length - 1]!;
      live.pop();
    } else {
      s.kind[i] = MARKET;
      s.side[i] = rnd() < 0.5 ? BUY : SELL;
      s.qty[i] = 1 + Math.floor(rnd() * shape.maxMarketQty);
    }
  }
  s.maxId = nextId - 1;
  return s;
}

/**
 * The interface every book in the bench implements. limit(): match while the price crosses, then
 * rest the remainder; market(): match until filled or the book runs out. Both return the fills
 * made (maker orders touched).
 */
export interface BenchBook {
  limit(id: number, owner: number, side: number, price: number, qty: number): number;
  cancel(id: number): void;
  market(owner: number, side: number, qty: number): number;
  resting(): number;
}
