/**
 * The engine-facing sequence of the exchange, in one place: what `exchange/execute.ts` does to the
 * book for every accepted order and what `exchange/trading.ts` does for every cancel. The engine
 * bench (bench/engine/books.ts) calls these same two functions, so the bench cannot drift from the
 * product's path (src/sandbox/engine/drive.test.ts checks both callers).
 *
 * placeOrder: a limit that may rest and does not reach the best price opposite rests whole at once
 * (nothing can fill it, so there is no matching call: a shared no-fill plan stands for the match);
 * every other order goes through the matching call (fill-or-kill looks first with plan() and gives
 * up unless it fills whole, then apply(); every other order matches in one take() walk), each fill
 * handed to the sink in match order (the maker as a view valid for the call: settlement reads its
 * id there), then the remainder rested at the limit price when the order may rest and matching
 * stopped at its limit or for want of liquidity.
 */

import type { OrderBook } from './book.js';
import { apply, eachFill, type FillSink, type MatchPlan, plan, type TakerSpec, take } from './match.js';
import { NO_FILL_EMPTY, NO_FILL_LIMIT } from './matchPlan.js';

export type { FillSink } from './match.js';

/** What the engine needs of the order beyond its taker spec. */
export interface PlaceSpec {
  /** Order id (the book's key when the remainder rests). */
  id: number;
  accountSeq: number;
  /** Fill-or-kill: nothing happens unless the whole quantity fills. */
  fok: boolean;
  /** The remainder may rest (a limit or best order that is not immediate-or-cancel). */
  rests: boolean;
}

export interface Placed {
  /** The match (valid until the next match on this book); null when fill-or-kill gave up. */
  plan: MatchPlan | null;
  /** Quantity rested on the book for the taker (0 = nothing rested). */
  rested: number;
}

/** The remainder that rests after a match, or 0 (pure; placeOrder's rule, exported for its tests). */
export function remainderToRest(
  t: TakerSpec,
  p: PlaceSpec,
  pl: Pick<MatchPlan, 'stop' | 'filledQty'>,
): number {
  if (!p.rests || t.qty === null || t.limitPrice === null) return 0;
  if (pl.stop === 'selfTrade' || pl.stop === 'protection') return 0;
  const left = t.qty - pl.filledQty;
  return Math.max(left, 0);
}

/**
 * One order through the engine. `out` is filled in and returned (callers in a loop pass one they
 * keep; the exchange passes a fresh one).
 */
export function placeOrder(
  book: OrderBook,
  t: TakerSpec,
  p: PlaceSpec,
  sink: FillSink,
  out: Placed = { plan: null, rested: 0 },
): Placed {
  // The usual order: a limit that may rest and does not reach the best price opposite (or finds
  // that side empty). Nothing can fill it, so it rests whole at once, without the matching call;
  // what the call would have answered is one of two shared no-fill plans.
  const lp = t.limitPrice;
  const q = t.qty;
  if (p.rests && !p.fok && t.amt === null && lp !== null && q !== null && q > 0) {
    const opp = t.side === 'buy' ? book.asks : book.bids;
    const best = opp.best;
    // an empty side first, so the price compare only meets prices (see OrderBook.insert)
    const empty = best === opp.none;
    if (empty || opp.better(lp, best)) {
      book.insert(p.id, t.userId, p.accountSeq, t.side, lp, q);
      out.plan = empty ? NO_FILL_EMPTY : NO_FILL_LIMIT;
      out.rested = q;
      return out;
    }
  }
  let pl: MatchPlan;
  if (p.fok) {
    pl = plan(book, t);
    if (t.qty === null || pl.filledQty < t.qty) {
      out.plan = null;
      out.rested = 0;
      return out;
    }
    apply(book, pl);
  } else pl = take(book, t);
  if (pl.count > 0) eachFill(pl, sink);
  const rest = remainderToRest(t, p, pl);
  if (rest > 0) book.insert(p.id, t.userId, p.accountSeq, t.side, t.limitPrice!, rest);
  out.plan = pl;
  out.rested = rest;
  return out;
}

/** The exchange's cancel of a resting order: true when it was on the book. */
export function cancelOrder(book: OrderBook, id: number): boolean {
  return book.cancel(id);
}
