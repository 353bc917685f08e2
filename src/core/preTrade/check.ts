// The pre-trade check (issue 22 item 3): what an order will likely do against the book on screen, and the
// warnings a careful trader would want before confirming. Pure and advisory: it never decides whether an
// order may be sent. All arithmetic is on scaled integers (units.ts, walk.ts); figures leave as strings.
// Rules follow the vendor's own pre-place analysis (korbit-cli internal/ops/preplace.go, see
// docs/api-decisions.md "Pre-trade check"): best orders peg to the Nth level (taker: the other side; po: own
// side), a best buy's amount becomes a quantity at the peg, price protection caps taker fills around the mid.
import type { PreTradeEstimate, PreTradeInput, PreTradeResult, PreTradeWarning, PtLevel } from './types.js';
import { divCeil, divHalfUp, fracLen, fromUnits, percent, pow10, toUnits } from './units.js';
import { depthOf, type Lvl, prepSide, type Scales, type WalkResult, walk } from './walk.js';

const NONE: PreTradeResult = { estimate: null, warnings: [] };
/** Base quantities are written with at most 8 decimals (orderRules QTY_DECIMALS). */
const QTY_DP = 8;

function scalesFor(inp: PreTradeInput): Scales {
  let ps = 0;
  let qs = QTY_DP;
  const prices = (ls: readonly PtLevel[]) => {
    for (const l of ls) {
      ps = Math.max(ps, fracLen(l.price));
      qs = Math.max(qs, fracLen(l.qty));
    }
  };
  prices(inp.bids);
  prices(inp.asks);
  if (inp.price) ps = Math.max(ps, fracLen(inp.price));
  if (inp.last) ps = Math.max(ps, fracLen(inp.last));
  if (inp.qty) qs = Math.max(qs, fracLen(inp.qty));
  if (inp.amt) qs = Math.max(qs, fracLen(inp.amt) - ps);
  return { ps, qs };
}

/** Hundredths of a percent from a threshold string ("12.5" -> 1250n); null disables that check. */
const pctUnits = (s: string) => toUnits(s, 2, true);

/** Price protection bound, as the exchange computes it: mid x (100 +/- p) / 100, rounded inward. */
function protectionBound(bids: Lvl[], asks: Lvl[], buy: boolean, pct: number): bigint | null {
  const bid = bids[0]?.p ?? null;
  const ask = asks[0]?.p ?? null;
  const p = BigInt(pct);
  if (bid === null || ask === null) {
    const one = bid ?? ask;
    if (one === null) return null;
    return buy ? (one * (100n + p)) / 100n : divCeil(one * (100n - p), 100n);
  }
  const mid2 = bid + ask;
  return buy ? (mid2 * (100n + p)) / 200n : divCeil(mid2 * (100n - p), 200n);
}

export function preTradeCheck(inp: PreTradeInput): PreTradeResult {
  const sc = scalesFor(inp);
  const S = sc.ps + sc.qs;
  const bids = prepSide(inp.bids, sc, false);
  const asks = prepSide(inp.asks, sc, true);
  if (!bids || !asks) return NONE;
  const buy = inp.side === 'buy';
  const against = buy ? asks : bids;
  const own = buy ? bids : asks;
  const tif = inp.timeInForce ?? (inp.orderType === 'market' ? 'ioc' : 'gtc');
  const byQuote = buy && inp.orderType === 'market';
  const w: PreTradeWarning[] = [];
  const px = (n: bigint) => fromUnits(n, sc.ps);
  const qt = (n: bigint) => fromUnits(n, sc.qs);
  const qv = (n: bigint) => fromUnits(n, S);
  const best = against[0]?.p ?? null;

  // The order's size: a quote amount (market/best buy) or a base quantity.
  const amt = buy && inp.orderType !== 'limit' ? toUnits(inp.amt, S) : null;
  let qty = inp.orderType === 'limit' || !buy ? toUnits(inp.qty, sc.qs) : null;
  const price = inp.orderType === 'limit' ? toUnits(inp.price, sc.ps) : null;
  if (inp.orderType === 'limit' && (!price || !qty)) return NONE;
  if (inp.orderType !== 'limit' && !(amt ?? qty)) return NONE;
  if (bids.length === 0 && asks.length === 0) return NONE;

  // The price this order takes liquidity up to (null = no cap), and what happens to the rest.
  let limit: bigint | null = price;
  let peg: bigint | null = null;
  if (inp.orderType === 'best') {
    const nth = inp.bestNth ?? 1;
    const side = tif === 'po' ? own : against;
    peg = side[nth - 1]?.p ?? null;
    if (peg === null) return { estimate: null, warnings: [{ code: 'BEST_UNAVAILABLE', nth }] };
    limit = peg;
    // A best buy is sized in quantity at the peg, floored to the quantity precision (as the exchange does).
    if (amt !== null) qty = (amt / peg / pow10(sc.qs - QTY_DP)) * pow10(sc.qs - QTY_DP);
  }
  const taker = tif !== 'po';
  let bound: bigint | null = null;
  if (inp.pp && taker) {
    bound = protectionBound(bids, asks, buy, inp.ppPercent ?? 5);
    if (bound !== null && (limit === null || (buy ? bound < limit : bound > limit))) limit = bound;
    else bound = null; // the order's own price is the tighter cap: protection changes nothing
  }

  const target = byQuote ? (amt as bigint) : (qty as bigint);
  const poCrosses = !taker && price !== null && best !== null && (buy ? price >= best : price <= best);
  const r: WalkResult = taker
    ? walk(against, target, byQuote, limit, buy)
    : { filledQty: 0n, filledQuote: 0n, worst: null, remaining: target, levelsUsed: 0, stoppedByLimit: true };
  const fully = r.remaining <= 0n;
  const restsRest = inp.orderType !== 'market' && (tif === 'gtc' || tif === 'po');

  const e: PreTradeEstimate = {
    bestPrice: best === null ? null : px(best),
    pegPrice: peg === null ? null : px(peg),
    marketable: r.filledQty > 0n,
    filledQty: qt(r.filledQty),
    filledQuote: qv(r.filledQuote),
    avgPrice: null,
    worstPrice: r.worst === null ? null : px(r.worst),
    slippagePct: null,
    slippageQuote: null,
    fullyFilled: fully,
    unfilled: fully ? null : byQuote ? qv(r.remaining) : qt(r.remaining),
    unfilledUnit: fully ? null : byQuote ? 'quote' : 'base',
    rest: fully ? null : restsRest ? 'rests' : 'canceled',
    fromLastPct: null,
    depthPct: null,
    equityPct: null,
    levelsUsed: r.levelsUsed,
    levelsVisible: against.length,
  };

  if (r.filledQty > 0n && best !== null) {
    e.avgPrice = fromUnits(divHalfUp(r.filledQuote * 100n, r.filledQty), sc.ps + 2);
    const atBest = r.filledQty * best;
    const slip = buy ? r.filledQuote - atBest : atBest - r.filledQuote;
    e.slippageQuote = qv(slip);
    e.slippagePct = percent(slip, atBest);
    const th = pctUnits(inp.thresholds.slippagePct);
    if (th !== null && slip > 0n && slip * 10_000n >= th * atBest) {
      w.push({
        code: 'HIGH_SLIPPAGE',
        pct: e.slippagePct,
        quote: e.slippageQuote,
        avg: e.avgPrice,
        best: px(best),
      });
    }
  }

  // What the visible book cannot do.
  if (taker && inp.orderType !== 'limit') {
    if (against.length === 0) w.push({ code: 'NO_LIQUIDITY' });
    else if (!fully && bound !== null && r.stoppedByLimit && (inp.orderType === 'market' || tif === 'ioc')) {
      w.push({ code: 'PROTECTION_CAPS', bound: px(bound), unfilled: e.unfilled!, unit: e.unfilledUnit! });
    } else if (!fully && !restsRest && tif !== 'fok') {
      w.push({
        code: 'BOOK_TOO_THIN',
        unfilled: e.unfilled!,
        unit: e.unfilledUnit!,
        filled: byQuote ? e.filledQuote : e.filledQty,
        levels: against.length,
      });
    }
  }
  if (taker && tif === 'fok' && !fully) w.push({ code: 'FOK_WOULD_KILL', filled: e.filledQty });
  if (inp.orderType === 'limit' && tif === 'ioc' && r.filledQty === 0n && best !== null)
    w.push({ code: 'IOC_WOULD_EXPIRE', best: px(best) });
  if (poCrosses && price !== null && best !== null)
    w.push({ code: 'POST_ONLY_CROSSES', price: px(price), best: px(best) });

  // Fat finger: a limit price far from the last price (the mid when there is no last price).
  if (price !== null) {
    let ref = toUnits(inp.last, sc.ps);
    if (!ref && bids[0] && asks[0]) ref = (bids[0].p + asks[0].p) / 2n;
    if (ref) {
      const diff = price - ref;
      const abs = diff < 0n ? -diff : diff;
      e.fromLastPct = (diff < 0n ? '-' : '') + percent(abs, ref);
      if (e.fromLastPct === '-0') e.fromLastPct = '0';
      const th = pctUnits(inp.thresholds.fatFingerPct);
      if (th !== null && abs * 10_000n > th * ref) {
        w.push({
          code: 'FAT_FINGER',
          direction: diff > 0n ? 'above' : 'below',
          pct: percent(abs, ref),
          price: px(price),
          last: px(ref),
        });
      }
    }
  }

  // Size against the visible depth of the side traded against, and against the account's equity.
  const depth = depthOf(against);
  // By amount against the quote value of the levels (a market buy), else quantity against quantity.
  const share = byQuote ? { part: target, whole: depth.quote } : { part: qty ?? 0n, whole: depth.qty };
  if (share.whole > 0n) {
    e.depthPct = percent(share.part, share.whole);
    const th = pctUnits(inp.thresholds.depthSharePct);
    const thin = w.some((x) => x.code === 'BOOK_TOO_THIN');
    if (th !== null && !thin && share.part * 10_000n > th * share.whole)
      w.push({ code: 'DEPTH_SHARE', pct: e.depthPct, limit: inp.thresholds.depthSharePct });
  }
  const equity = toUnits(inp.equity, S, true);
  const bestBid = bids[0]?.p ?? null;
  const value =
    amt !== null
      ? amt
      : price !== null && qty !== null
        ? price * qty
        : qty !== null && bestBid !== null
          ? qty * bestBid
          : null;
  if (equity && value !== null) {
    e.equityPct = percent(value, equity);
    const th = pctUnits(inp.thresholds.equitySharePct);
    if (th !== null && value * 10_000n > th * equity)
      w.push({ code: 'EQUITY_SHARE', pct: e.equityPct, limit: inp.thresholds.equitySharePct });
  }
  return { estimate: e, warnings: w };
}
