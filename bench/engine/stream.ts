// The fixed-seed operation stream every order book in the engine bench replays. Struct of arrays
// (no object per op) so reading the stream costs the same, and almost nothing, for every book.
// Mix: 70 % limit orders 1-50 ticks from a fixed mid (passive, so they rest), 20 % cancels of an
// order the generator believes live (already filled ones are no-op cancels, as on an exchange),
// 10 % market orders. Deep: the first 40,000 ops build a ~40k-order book, markets sized so it stays
// about that deep. Thin: a 200-order start and small markets, so sweeps empty levels often.

export const ADD = 0;
export const CANCEL = 1;
export const MARKET = 2;
export const BUY = 0;
export const SELL = 1;
export const MID = 100_000; // price in ticks
export const SPAN = 50; // limits 1..SPAN ticks from mid

export type Variant = 'deep' | 'thin';

export interface Stream {
  variant: Variant;
  n: number;
  kind: Uint8Array;
  side: Uint8Array;
  /** Order id (adds, cancels). */
  id: Int32Array;
  price: Int32Array;
  qty: Int32Array;
  /** Ids run 1..maxId. */
  maxId: number;
}

export function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SHAPE: Record<Variant, { prefill: number; maxLimitQty: number; maxMarketQty: number }> = {
  // 7 adds, 2 cancels and 1 market per 10 ops: a market takes ~5 orders on average to hold depth
  deep: { prefill: 40_000, maxLimitQty: 100, maxMarketQty: 670 },
  thin: { prefill: 200, maxLimitQty: 100, maxMarketQty: 720 },
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
    price: new Int32Array(n),
    qty: new Int32Array(n),
    maxId: 0,
  };
  const live: number[] = [];
  let nextId = 1;
  const add = (i: number) => {
    const side = rnd() < 0.5 ? BUY : SELL;
    const off = 1 + Math.floor(rnd() * SPAN);
    s.kind[i] = ADD;
    s.side[i] = side;
    s.id[i] = nextId;
    s.price[i] = side === BUY ? MID - off : MID + off;
    s.qty[i] = 1 + Math.floor(rnd() * shape.maxLimitQty);
    live.push(nextId++);
  };
  for (let i = 0; i < n; i++) {
    if (i < shape.prefill) {
      add(i);
      continue;
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

/** The interface every book in the bench implements; fills = maker orders touched. */
export interface BenchBook {
  add(id: number, side: number, price: number, qty: number): void;
  cancel(id: number): void;
  market(side: number, qty: number): number;
  resting(): number;
}
