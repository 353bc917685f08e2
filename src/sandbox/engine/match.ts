/**
 * Pure matching planner and executor. plan() walks the opposite side of the book without mutating
 * it and returns the fills a taker would get; apply() then reduces the makers. Splitting the two
 * makes fill-or-kill and post-only checks trivial and keeps the book untouched on rejection.
 */
import type { BookSide, OrderBook, RestingOrder } from './book.js';
import { notional } from './units.js';

export interface TakerSpec {
  userId: number;
  side: BookSide;
  /** Worst acceptable price (scaled int); null = no limit (market order). */
  limitPrice: number | null;
  /** Quantity cap in smallest units; null when the order is capped by amount only. */
  qty: number | null;
  /** Quote amount cap in ledger units (market buy by amt); null when capped by qty. */
  amt: bigint | null;
  /** Price-protection bound (scaled int): no fill beyond it; null = no protection. */
  protectPrice: number | null;
}

export interface PlannedFill {
  maker: RestingOrder;
  price: number;
  qty: number;
}

export type StopReason = 'complete' | 'limit' | 'liquidity' | 'selfTrade' | 'protection' | 'amount';

export interface MatchPlan {
  fills: PlannedFill[];
  filledQty: number;
  /** Quote amount spent / received, ledger units. */
  filledAmt: bigint;
  stop: StopReason;
  /** The own resting order that stopped matching (self-trade prevention), if any. */
  selfMaker: RestingOrder | null;
}

function beyond(side: BookSide, price: number, bound: number): boolean {
  return side === 'buy' ? price > bound : price < bound;
}

/** Per book: the fills array and fill objects plan() reuses (a plan is read before the next one). */
const scratch = new WeakMap<OrderBook, { fills: PlannedFill[]; spare: PlannedFill[] }>();

/**
 * The fills a taker would get, best price first, without touching the book. The plan (its fills
 * array and fill objects) is valid until the next plan() on the same book, which reuses them.
 */
export function plan(book: OrderBook, t: TakerSpec): MatchPlan {
  let sc = scratch.get(book);
  if (!sc) {
    sc = { fills: [], spare: [] };
    scratch.set(book, sc);
  }
  const fills = sc.fills;
  const spare = sc.spare;
  fills.length = 0;
  let filledQty = 0;
  let filledAmt = 0n;
  let stop: StopReason = 'liquidity';
  let selfMaker: RestingOrder | null = null;
  const opp = book.side(t.side === 'buy' ? 'sell' : 'buy');
  const prices = opp.prices; // best last
  const qtyCap = t.qty === null ? Number.MAX_SAFE_INTEGER : t.qty;
  const byAmt = t.amt !== null;
  for (let i = prices.length - 1; i >= 0; i--) {
    const price = prices[i]!;
    if (filledQty >= qtyCap) {
      stop = 'complete';
      break;
    }
    if (t.limitPrice !== null && beyond(t.side, price, t.limitPrice)) {
      stop = 'limit';
      break;
    }
    if (t.protectPrice !== null && beyond(t.side, price, t.protectPrice)) {
      stop = 'protection';
      break;
    }
    // the amount of a level is one bigint product of its summed quantity, not one per fill
    let levelQty = 0;
    for (let maker = opp.levels.get(price)!.head; maker; maker = maker.next) {
      const qtyLeft = qtyCap - filledQty;
      if (qtyLeft <= 0) {
        stop = 'complete';
        break;
      }
      if (maker.userId === t.userId) {
        stop = 'selfTrade';
        selfMaker = maker;
        break;
      }
      let q = Math.min(qtyLeft, maker.remaining);
      if (byAmt) {
        const affordable = (t.amt! - filledAmt - notional(price, levelQty)) / BigInt(price);
        if (affordable < BigInt(q)) q = Number(affordable);
        if (q <= 0) {
          stop = 'amount';
          break;
        }
      }
      let f = spare[fills.length];
      if (f) {
        f.maker = maker;
        f.price = price;
        f.qty = q;
      } else {
        f = { maker, price, qty: q };
        spare.push(f);
      }
      fills.push(f);
      filledQty += q;
      levelQty += q;
    }
    if (levelQty > 0) filledAmt += notional(price, levelQty);
    if (stop !== 'liquidity') break;
  }
  if (stop === 'liquidity' && filledQty >= qtyCap) stop = 'complete';
  return { fills, filledQty, filledAmt, stop, selfMaker };
}

/** Applies a plan to the book: reduces (and removes when done) every maker, no lookup by id. */
export function apply(book: OrderBook, p: MatchPlan): void {
  const fills = p.fills;
  for (let i = 0; i < fills.length; i++) book.fill(fills[i]!.maker, fills[i]!.qty);
}

/** Price-protection bound: mid +/- percent, rounded toward the mid, or null without a two-sided book. */
export function protectionBound(book: OrderBook, side: BookSide, percent: number): number | null {
  const bid = book.best('buy');
  const ask = book.best('sell');
  if (bid === null || ask === null) {
    const one = bid ?? ask;
    if (one === null) return null;
    return side === 'buy'
      ? Math.floor((one * (100 + percent)) / 100)
      : Math.ceil((one * (100 - percent)) / 100);
  }
  const mid2 = bid + ask; // 2 x mid, kept integer
  return side === 'buy'
    ? Math.floor((mid2 * (100 + percent)) / 200)
    : Math.ceil((mid2 * (100 - percent)) / 200);
}
