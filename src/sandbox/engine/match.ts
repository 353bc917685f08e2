/**
 * Pure matching: plan() walks the opposite side of the book without mutating it and returns the
 * fills a taker would get; apply() then reduces the makers. Splitting the two makes fill-or-kill
 * trivial and keeps the book untouched on rejection. take() does both in one walk for every taker
 * that needs no look before it leaps (all but fill-or-kill): each fill is applied as it is found.
 */

import type { BookSide, OrderBook, RestingOrder } from './book.js';
import { ID, META, NEXT, PREV, PRICE, REM, SEQ, USER } from './slots.js';
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
  /** The maker's slot in the book. */
  slot: number;
  price: number;
  qty: number;
}

/** A fill as callers read it; the maker snapshot is only made when read. */
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
  constructor(private readonly book: OrderBook) {}
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
class Plan implements MatchPlan {
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

  constructor(private readonly book: OrderBook) {
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

/** Each book's reused plan; the last book's at hand (one book usually takes many orders in a row). */
const plans = new WeakMap<OrderBook, Plan>();
let lastBook: OrderBook | null = null;
let lastPlan: Plan | undefined;

function planOf(book: OrderBook): Plan {
  if (lastBook === book) return lastPlan!;
  let pl = plans.get(book);
  if (pl === undefined) {
    pl = new Plan(book);
    plans.set(book, pl);
  }
  lastBook = book;
  lastPlan = pl;
  return pl;
}

/**
 * The fills of the book's last plan() or take() (`pl`), handed to the sink in order: what
 * `pl.fills` gives, without an object per fill (the maker is a view valid during the call).
 */
export function eachFill(pl: MatchPlan, sink: FillSink): void {
  (pl as Plan).each(sink);
}

/** The fills a taker would get, best price first, without touching the book. */
export function plan(book: OrderBook, t: TakerSpec): MatchPlan {
  return noneCross(book, t) ?? walk(book, t, false);
}

/** Matches a taker against the book at once: the fills plan() would find, applied as found. */
export function take(book: OrderBook, t: TakerSpec): MatchPlan {
  return noneCross(book, t) ?? walk(book, t, true);
}

/**
 * The usual limit order: the best price opposite does not reach its price (or the side is empty),
 * so nothing fills. Answered from the side's kept best price, small enough to be inlined into the
 * caller, without the walk. null = the walk is needed.
 */
function noneCross(book: OrderBook, t: TakerSpec): MatchPlan | null {
  const buy = t.side === 'buy';
  const opp = buy ? book.asks : book.bids;
  const best = opp.best;
  const empty = best === opp.none;
  if (!empty) {
    const lp = t.limitPrice;
    if (lp === null || (buy ? best <= lp : best >= lp)) return null;
  }
  if (t.qty !== null && t.qty <= 0) return null;
  const pl = planOf(book);
  pl.count = 0;
  pl.made = null;
  pl.filledQty = 0;
  pl.stop = empty ? 'liquidity' : 'limit';
  pl.selfMaker = null;
  pl.amt = t.amt !== null ? 0n : null;
  return pl;
}

/**
 * The walk behind plan() and take(): levels best first (empty ones skipped), makers in FIFO order,
 * until the taker is done, its limit, protection or money runs out, or it meets its own order.
 * With `commit`, the makers filled whole leave the book a run at a time per level and a partial
 * fill reduces its maker; the side's empty levels are tidied once at the end.
 */
function walk(book: OrderBook, t: TakerSpec, commit: boolean): MatchPlan {
  const pl = planOf(book);
  let fSlots = pl.slots;
  let fPrices = pl.prices;
  let fQtys = pl.qtys;
  let n = 0;
  let filledQty = 0;
  let filledAmt = 0n;
  let stop: StopReason = 'liquidity';
  let selfMaker: RestingOrder | null = null;
  const buy = t.side === 'buy';
  const opp = buy ? book.asks : book.bids;
  const prices = opp.prices; // best last
  const lvls = opp.lvls;
  const totals = opp.totals;
  const slots = book.slots;
  const orders = book.orders;
  const d = slots.d;
  const I = slots.i;
  const qtyCap = t.qty === null ? Number.MAX_SAFE_INTEGER : t.qty;
  const byAmt = t.amt !== null;
  const userId = t.userId;
  const limitPrice = t.limitPrice;
  const protectPrice = t.protectPrice;
  if (commit) opp.holding = true;
  // from the best level with orders (emptied levels past it may be many)
  for (let i = opp.bestIndex(); i >= 0; i--) {
    const lvl = lvls[i]!;
    if (lvl.count === 0) continue;
    const price = prices[i]!;
    if (filledQty >= qtyCap) {
      stop = 'complete';
      break;
    }
    if (limitPrice !== null && (buy ? price > limitPrice : price < limitPrice)) {
      stop = 'limit';
      break;
    }
    if (protectPrice !== null && (buy ? price > protectPrice : price < protectPrice)) {
      stop = 'protection';
      break;
    }
    let levelQty = 0;
    let whole = 0;
    let wholeQty = 0;
    let maker = lvl.head;
    /** First maker of the level that stays on the book (the makers filled whole are a prefix). */
    let kept = maker;
    while (maker !== 0) {
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
      const rem = d[maker + REM]!;
      let q = Math.min(rem, qtyLeft);
      if (byAmt) {
        // the amount of a level is one bigint product of its summed quantity, not one per fill
        const affordable = (t.amt! - filledAmt - notional(price, levelQty)) / BigInt(price);
        if (affordable < BigInt(q)) q = Number(affordable);
        if (q <= 0) {
          stop = 'amount';
          break;
        }
      }
      if (n === fSlots.length) {
        pl.grow();
        fSlots = pl.slots;
        fPrices = pl.prices;
        fQtys = pl.qtys;
      }
      fSlots[n] = maker;
      fPrices[n] = price;
      fQtys[n++] = q;
      filledQty += q;
      levelQty += q;
      const next = I[(maker << 1) + NEXT]!;
      if (commit) {
        if (q < rem) {
          // a partial fill: the taker is done or out of money, so the walk ends here
          d[maker + REM] = rem - q;
          totals[lvl.no] = totals[lvl.no]! - q;
        } else {
          orders.take(d[maker + ID]!);
          slots.release(maker);
          whole++;
          wholeQty += rem;
          kept = next;
        }
      }
      maker = next;
    }
    if (whole > 0) {
      // the makers filled whole were the first `whole` of the level: one relink for all of them
      lvl.head = kept;
      if (kept !== 0) I[(kept << 1) + PREV] = 0;
      else lvl.tail = 0;
      totals[lvl.no] = totals[lvl.no]! - wholeQty;
      lvl.count -= whole;
      if (lvl.count === 0) opp.emptied(lvl);
    }
    if (byAmt && levelQty > 0) filledAmt += notional(price, levelQty);
    if (stop !== 'liquidity') break;
  }
  if (commit) {
    opp.holding = false;
    opp.settle();
  }
  if (stop === 'liquidity' && filledQty >= qtyCap) stop = 'complete';
  pl.count = n;
  pl.made = null;
  pl.filledQty = filledQty;
  pl.stop = stop;
  pl.selfMaker = selfMaker;
  pl.amt = byAmt ? filledAmt : null;
  return pl;
}

/**
 * Applies a plan to its unchanged book: reduces (and removes when done) every maker, no lookup by
 * id. The makers a plan fills whole are runs from the head of their levels, taken off a run at a time.
 */
export function apply(book: OrderBook, p: MatchPlan): void {
  const { slots, prices, qtys, count: n } = p as Plan;
  const d = book.slots.d;
  let i = 0;
  while (i < n) {
    const s = slots[i]!;
    if (qtys[i]! < d[s + REM]!) {
      book.fillSlot(s, qtys[i]!);
      i++;
      continue;
    }
    const price = prices[i]!;
    let k = 1;
    while (i + k < n && prices[i + k] === price && qtys[i + k]! >= d[slots[i + k]! + REM]!) k++;
    book.sweep(s, k);
    i += k;
  }
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
