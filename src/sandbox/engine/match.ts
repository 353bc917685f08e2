/**
 * Pure matching: plan() walks the opposite side of the book without mutating it and returns the
 * fills a taker would get; apply() then reduces the makers. Splitting the two makes fill-or-kill
 * trivial and keeps the book untouched on rejection. take() does both in one walk for every taker
 * that needs no look before it leaps (all but fill-or-kill): each fill is applied as it is found.
 * The plan they return (and its reuse per book) is in matchPlan.ts.
 */

import type { BookSide, OrderBook, RestingOrder } from './book.js';
import {
  type FillSink,
  type MatchPlan,
  type Plan,
  planOf,
  type StopReason,
  type TakerSpec,
} from './matchPlan.js';
import { ID, NEXT, PREV, REM, USER } from './slots.js';
import { notional } from './units.js';

export type { FillSink, MatchPlan, PlannedFill, StopReason, TakerSpec } from './matchPlan.js';

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
          orders.forget(d[maker + ID]!);
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
