/**
 * Pure matching planner and executor. plan() walks the opposite side of the book without mutating
 * it and returns the fills a taker would get; apply() then reduces the makers. Splitting the two
 * makes fill-or-kill and post-only checks trivial and keeps the book untouched on rejection.
 */

import type { BookSide, OrderBook, RestingOrder } from './book.js';
import { objectArray } from './objectArray.js';
import { NEXT, REM, USER } from './slots.js';
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
  /** Snapshot of the maker order, read from the book when asked for (before the next insert). */
  readonly maker: RestingOrder;
  /** The maker's slot in the book (what apply() uses). */
  slot: number;
  price: number;
  qty: number;
}

/** A planned fill, reused by later plans of its book; the maker snapshot is only made when read. */
class Fill implements PlannedFill {
  constructor(
    private readonly book: OrderBook,
    public slot: number,
    public price: number,
    public qty: number,
  ) {}
  get maker(): RestingOrder {
    return this.book.view(this.slot);
  }
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

/** The result plan() hands out: reused per book, its quote amount summed only when read. */
class Plan implements MatchPlan {
  readonly fills: Fill[] = objectArray();
  readonly spare: Fill[] = objectArray();
  filledQty = 0;
  stop: StopReason = 'liquidity';
  selfMaker: RestingOrder | null = null;
  /** Set by an amount-capped plan (which needs it while matching); null = sum the fills on read. */
  amt: bigint | null = null;

  get filledAmt(): bigint {
    if (this.amt !== null) return this.amt;
    // one bigint product per level, as the fills of a level share its price
    const fills = this.fills;
    let sum = 0n;
    let i = 0;
    while (i < fills.length) {
      const price = fills[i]!.price;
      let q = 0;
      for (; i < fills.length && fills[i]!.price === price; i++) q += fills[i]!.qty;
      sum += notional(price, q);
    }
    this.amt = sum;
    return sum;
  }
}

/** Each book's reused plan; the last book's at hand (one book usually takes many orders in a row). */
const plans = new WeakMap<OrderBook, Plan>();
let lastBook: OrderBook | null = null;
let lastPlan: Plan | undefined;

/**
 * The fills a taker would get, best price first, without touching the book. The plan (the object,
 * its fills array and fill objects) is valid until the next plan() on the same book, which reuses them.
 */
export function plan(book: OrderBook, t: TakerSpec): MatchPlan {
  let pl = lastBook === book ? lastPlan : plans.get(book);
  if (pl === undefined) {
    pl = new Plan();
    plans.set(book, pl);
  }
  lastBook = book;
  lastPlan = pl;
  const fills = pl.fills;
  const spare = pl.spare;
  let n = 0;
  let filledQty = 0;
  let filledAmt = 0n;
  let stop: StopReason = 'liquidity';
  let selfMaker: RestingOrder | null = null;
  const opp = book.side(t.side === 'buy' ? 'sell' : 'buy');
  const prices = opp.prices; // best last
  const lvls = opp.lvls;
  const d = book.slots.d;
  const qtyCap = t.qty === null ? Number.MAX_SAFE_INTEGER : t.qty;
  const byAmt = t.amt !== null;
  const userId = t.userId;
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
    let levelQty = 0;
    for (let maker = lvls[i]!.head; maker !== 0; maker = d[maker + NEXT]! | 0) {
      const qtyLeft = qtyCap - filledQty;
      if (qtyLeft <= 0) {
        stop = 'complete';
        break;
      }
      if (d[maker + USER] === userId) {
        stop = 'selfTrade';
        selfMaker = book.view(maker);
        break;
      }
      let q = Math.min(d[maker + REM]!, qtyLeft);
      if (byAmt) {
        // the amount of a level is one bigint product of its summed quantity, not one per fill
        const affordable = (t.amt! - filledAmt - notional(price, levelQty)) / BigInt(price);
        if (affordable < BigInt(q)) q = Number(affordable);
        if (q <= 0) {
          stop = 'amount';
          break;
        }
      }
      let f = spare[n];
      if (f) {
        f.slot = maker;
        f.price = price;
        f.qty = q;
      } else {
        f = new Fill(book, maker, price, q);
        spare.push(f);
      }
      fills[n++] = f;
      filledQty += q;
      levelQty += q;
    }
    if (byAmt && levelQty > 0) filledAmt += notional(price, levelQty);
    if (stop !== 'liquidity') break;
  }
  if (stop === 'liquidity' && filledQty >= qtyCap) stop = 'complete';
  if (fills.length !== n) fills.length = n;
  pl.filledQty = filledQty;
  pl.stop = stop;
  pl.selfMaker = selfMaker;
  pl.amt = byAmt ? filledAmt : null;
  return pl;
}

/** Applies a plan to the book: reduces (and removes when done) every maker, no lookup by id. */
export function apply(book: OrderBook, p: MatchPlan): void {
  const fills = p.fills;
  for (let i = 0; i < fills.length; i++) book.fillSlot(fills[i]!.slot, fills[i]!.qty);
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
