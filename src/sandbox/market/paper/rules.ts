/**
 * Paper fill rules (docs/sandbox.md, "Paper mode"), pure and in integers: prices x 10^4 and
 * quantities x 10^8 (engine/units.ts), amounts in ledger units (bigint, price x qty).
 *
 * 1. Consumption: what the sandbox's taker orders took from the source's levels since the source's
 *    last snapshot. A level's consumed part is not offered again until the next snapshot.
 * 2. Taker walk: an order walks the remaining levels best first at their prices and sizes, up to its
 *    limit price, its quantity, or (market buy) its amount, the way the engine walks its own book.
 * 3. Resting fills: a source trade at price T and quantity Q reaches the sandbox's resting orders on
 *    one side: orders priced better than T (bids above T, asks below T) fill first at their own
 *    prices, best price first and oldest first, up to Q; what is left of Q is the volume traded at
 *    T: it first uses up the volume that was ahead of each order at T (recorded when it was placed),
 *    then fills the orders at T oldest first.
 */
import type { IntLevel } from '../source.js';

export type Side = 'buy' | 'sell';

/** Consumed quantity per price on each side of one snapshot. */
export interface Consumption {
  seq: number;
  bids: Map<number, number>;
  asks: Map<number, number>;
}

export const newConsumption = (seq: number): Consumption => ({ seq, bids: new Map(), asks: new Map() });

/** The snapshot's levels of one side minus what was consumed (empty levels dropped), best first. */
export function remainingLevels(
  levels: readonly IntLevel[],
  consumed: ReadonlyMap<number, number>,
): IntLevel[] {
  const out: IntLevel[] = [];
  for (const [p, q] of levels) {
    const left = q - (consumed.get(p) ?? 0);
    if (left > 0) out.push([p, left]);
  }
  return out;
}

/** Records that `qty` was taken at `price` (the side of the book the level is on). */
export function consume(c: Consumption, bookSide: 'bids' | 'asks', price: number, qty: number): void {
  if (qty <= 0) return;
  const m = c[bookSide];
  m.set(price, (m.get(price) ?? 0) + qty);
}

export interface TakerOrder {
  side: Side;
  /** Limit price, or null (market). */
  limitPrice: number | null;
  /** Quantity cap, or null (market buy by amount). */
  qty: number | null;
  /** Amount cap in ledger units (market buy by amount), or null. */
  amt: bigint | null;
}

export interface LevelFill {
  price: number;
  qty: number;
}

/**
 * The walk of a taker over the opposite side's remaining levels (best first). Per level the
 * quantity is min(level, quantity left, floor(amount left / price)), the engine's own rule.
 */
export function takerWalk(opposite: readonly IntLevel[], o: TakerOrder): LevelFill[] {
  const fills: LevelFill[] = [];
  let qtyLeft = o.qty ?? Number.MAX_SAFE_INTEGER;
  let amtLeft = o.amt;
  const buy = o.side === 'buy';
  for (const [price, size] of opposite) {
    if (qtyLeft <= 0) break;
    if (o.limitPrice !== null && (buy ? price > o.limitPrice : price < o.limitPrice)) break;
    let q = Math.min(size, qtyLeft);
    if (amtLeft !== null) {
      const affordable = amtLeft / BigInt(price);
      if (affordable < BigInt(q)) q = Number(affordable);
      if (q <= 0) break;
      amtLeft -= BigInt(price) * BigInt(q);
    }
    fills.push({ price, qty: q });
    qtyLeft -= q;
  }
  return fills;
}

/** Volume-weighted average price of fills, rounded down, in price units (0 when empty). */
export function averagePrice(fills: readonly LevelFill[]): number {
  let qty = 0n;
  let amt = 0n;
  for (const f of fills) {
    qty += BigInt(f.qty);
    amt += BigInt(f.price) * BigInt(f.qty);
  }
  return qty === 0n ? 0 : Number(amt / qty);
}

/** A resting order of the sandbox as the resting-fill rule sees it. */
export interface RestingPaperOrder {
  orderId: number;
  side: Side;
  price: number;
  remaining: number;
  /** Source volume still ahead of the order at its price. */
  ahead: number;
}

export interface TradeAllocation {
  /** Fills in engine priority order (best price first, oldest first). */
  fills: Array<{ orderId: number; price: number; qty: number }>;
  /** The side of the resting orders that fill (null: none reached). */
  side: Side | null;
  /** New `ahead` of every order at the trade's price on the reached side. */
  ahead: Map<number, number>;
}

/** Priority order of resting orders of one side: best price first, then oldest (lowest id). */
export function byPriority(side: Side) {
  return (a: RestingPaperOrder, b: RestingPaperOrder) =>
    a.price !== b.price ? (side === 'buy' ? b.price - a.price : a.price - b.price) : a.orderId - b.orderId;
}

/**
 * What one source trade (price, qty) fills among the resting orders (rule 3). At most one side can
 * be reached (a bid at or above T and an ask at or below T would have crossed each other).
 */
export function allocateTrade(
  resting: readonly RestingPaperOrder[],
  trade: { price: number; qty: number },
): TradeAllocation {
  const T = trade.price;
  const reached = (o: RestingPaperOrder) => (o.side === 'buy' ? o.price >= T : o.price <= T);
  const first = resting.find(reached);
  const out: TradeAllocation = { fills: [], side: first ? first.side : null, ahead: new Map() };
  if (!first) return out;
  const side = first.side;
  const mine = resting.filter((o) => o.side === side && reached(o) && o.remaining > 0).sort(byPriority(side));
  let left = trade.qty;
  // orders priced better than the trade: filled at their own prices, in priority order
  for (const o of mine) {
    if (o.price === T || left <= 0) continue;
    const q = Math.min(o.remaining, left);
    out.fills.push({ orderId: o.orderId, price: o.price, qty: q });
    left -= q;
  }
  // the volume traded at T: first through each order's queue ahead, then to the orders, oldest first
  const atPrice = mine.filter((o) => o.price === T);
  let filledAtT = 0;
  // fills stay a prefix of the priority order (what one engine walk gives): once an order is not
  // filled whole, the younger ones at T get nothing from this trade
  let open = true;
  for (const o of atPrice) {
    const past = Math.max(0, left - o.ahead);
    out.ahead.set(o.orderId, Math.max(0, o.ahead - left));
    const q = open ? Math.min(o.remaining, Math.max(0, past - filledAtT)) : 0;
    if (q > 0) {
      out.fills.push({ orderId: o.orderId, price: o.price, qty: q });
      filledAtT += q;
    }
    if (q < o.remaining) open = false;
  }
  return out;
}

/**
 * The queue ahead of an order resting at `price`: the source's remaining visible quantity there on
 * the order's side, and never less than that of an older sandbox order at the same price (so the
 * orders at a price become eligible oldest first, the engine's time priority).
 */
export function queueAhead(
  visibleAtPrice: number,
  olderAtPrice: readonly Pick<RestingPaperOrder, 'ahead'>[],
): number {
  let a = Math.max(0, visibleAtPrice);
  for (const o of olderAtPrice) if (o.ahead > a) a = o.ahead;
  return a;
}

/** Quantity at exactly `price` among levels (0 when absent). */
export function qtyAt(levels: readonly IntLevel[], price: number): number {
  for (const [p, q] of levels) if (p === price) return q;
  return 0;
}

/** Merges two sides' levels (best first on both) into one, summing equal prices. */
export function mergeLevels(
  a: readonly IntLevel[],
  b: readonly IntLevel[],
  side: Side,
  depth: number,
): IntLevel[] {
  const out: IntLevel[] = [];
  let i = 0;
  let j = 0;
  const better = (x: number, y: number) => (side === 'buy' ? x > y : x < y);
  while (out.length < depth && (i < a.length || j < b.length)) {
    const x = a[i];
    const y = b[j];
    if (x && y && x[0] === y[0]) {
      out.push([x[0], x[1] + y[1]]);
      i++;
      j++;
    } else if (x && (!y || better(x[0], y[0]))) {
      out.push(x);
      i++;
    } else if (y) {
      out.push(y);
      j++;
    }
  }
  return out;
}
