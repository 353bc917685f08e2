/**
 * What a match hands out: the taker's spec, the plan with its fills in typed arrays (objects only
 * when read) and the maker view a fill sink gets; one plan per book, reused (planOf). The walk
 * that fills a plan is in match.ts.
 */

import type { BookSide, RestingOrder } from './resting.js';
import { ID, META, PRICE, REM, SEQ, type Slots, USER } from './slots.js';
import { notional } from './units.js';

/** What a plan reads of its book (OrderBook; structural, so book.ts can make its plan without a cycle). */
export interface PlanBook {
  readonly slots: Slots;
  view(slot: number): RestingOrder;
  readonly plan: Plan;
}

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
  /** The maker's slot in the book. */
  slot: number;
  price: number;
  qty: number;
}

/** A fill as callers read it; the maker snapshot is only made when read. */
class Fill implements PlannedFill {
  constructor(
    private readonly book: PlanBook,
    public slot: number,
    public price: number,
    public qty: number,
  ) {}
  get maker(): RestingOrder {
    return this.book.view(this.slot);
  }
}

/**
 * Receives the fills of a match in order. The maker is a view of its slot, read when a field is
 * read and valid during the call only (keep a value, not the view): the slot of a maker filled
 * whole is free again, and its numbers stay until the book's next insert.
 */
export interface FillSink {
  fill(maker: RestingOrder, price: number, qty: number): void;
}

/** The maker of a fill as a sink gets it: one object per plan, pointed at each maker in turn. */
class MakerView implements RestingOrder {
  slot = 0;
  constructor(private readonly book: PlanBook) {}
  get id(): number {
    return this.book.slots.d[this.slot + ID]!;
  }
  get userId(): number {
    return this.book.slots.d[this.slot + USER]!;
  }
  get accountSeq(): number {
    return this.book.slots.d[this.slot + SEQ]!;
  }
  get side(): BookSide {
    return (this.book.slots.i[(this.slot << 1) + META]! & 1) === 0 ? 'buy' : 'sell';
  }
  get price(): number {
    return this.book.slots.d[this.slot + PRICE]!;
  }
  get remaining(): number {
    return this.book.slots.d[this.slot + REM]!;
  }
}

export type StopReason = 'complete' | 'limit' | 'liquidity' | 'selfTrade' | 'protection' | 'amount';

export interface MatchPlan {
  /** The fills, best price first (objects made when first read). */
  readonly fills: PlannedFill[];
  /** Number of fills (without making the fill objects). */
  readonly count: number;
  filledQty: number;
  /** Quote amount spent / received, ledger units. */
  filledAmt: bigint;
  stop: StopReason;
  /** The own resting order that stopped matching (self-trade prevention), if any. */
  selfMaker: RestingOrder | null;
}

/**
 * What plan() and take() hand out, reused per book: the fills in three typed arrays (maker slot,
 * price, quantity), as objects only when `fills` is read; the quote amount summed only when read.
 * Valid until the next plan() or take() on the same book.
 */
export class Plan implements MatchPlan {
  slots = new Int32Array(64);
  prices = new Float64Array(64);
  qtys = new Float64Array(64);
  count = 0;
  filledQty = 0;
  stop: StopReason = 'liquidity';
  selfMaker: RestingOrder | null = null;
  /** Set by an amount-capped walk (which needs it while matching); null = sum the fills on read. */
  amt: bigint | null = null;
  made: PlannedFill[] | null = null;
  readonly maker: MakerView;

  constructor(private readonly book: PlanBook) {
    this.maker = new MakerView(book);
  }

  /** Hands every fill to the sink, in order, with no object made per fill. */
  each(sink: FillSink): void {
    const { slots, prices, qtys, count, maker } = this;
    for (let i = 0; i < count; i++) {
      maker.slot = slots[i]!;
      sink.fill(maker, prices[i]!, qtys[i]!);
    }
  }

  get fills(): PlannedFill[] {
    if (this.made !== null) return this.made;
    const out: PlannedFill[] = [];
    for (let i = 0; i < this.count; i++) {
      out.push(new Fill(this.book, this.slots[i]!, this.prices[i]!, this.qtys[i]!));
    }
    this.made = out;
    return out;
  }

  /** Twice the room for fills. */
  grow(): void {
    const n = this.slots.length * 2;
    const s = new Int32Array(n);
    s.set(this.slots);
    this.slots = s;
    const p = new Float64Array(n);
    p.set(this.prices);
    this.prices = p;
    const q = new Float64Array(n);
    q.set(this.qtys);
    this.qtys = q;
  }

  get filledAmt(): bigint {
    if (this.amt !== null) return this.amt;
    // one bigint product per level, as the fills of a level share its price
    const { prices, qtys, count } = this;
    let sum = 0n;
    let i = 0;
    while (i < count) {
      const price = prices[i]!;
      let q = 0;
      for (; i < count && prices[i] === price; i++) q += qtys[i]!;
      sum += notional(price, q);
    }
    this.amt = sum;
    return sum;
  }
}

/**
 * The plan of a taker that crossed nothing, filled nothing and rested whole (placeOrder's short
 * path for the usual limit): no fills, shared by every book and frozen, valid as long as it is kept.
 */
class NoFill implements MatchPlan {
  readonly fills: PlannedFill[] = Object.freeze([]) as unknown as PlannedFill[];
  readonly count = 0;
  readonly filledQty = 0;
  readonly filledAmt = 0n;
  readonly selfMaker = null;
  constructor(readonly stop: StopReason) {
    Object.freeze(this);
  }
  /** No fills to hand out (eachFill on this plan does nothing). */
  each(_sink: FillSink): void {}
}

/** Nothing filled: the opposite side's best price does not reach the limit (stop 'limit'). */
export const NO_FILL_LIMIT: MatchPlan = new NoFill('limit');
/** Nothing filled: the opposite side has no orders (stop 'liquidity'). */
export const NO_FILL_EMPTY: MatchPlan = new NoFill('liquidity');

/**
 * The book's reused plan, made with the book: a plan first made on a book's first match would be
 * a path the optimized matching code has not met, and every new book would throw that code away.
 */
export function planOf(book: PlanBook): Plan {
  return book.plan;
}
