// One pass over the ledger, in time order, keeping a running state per (profile, account, currency)
// "track" and recording it after every event that touches it. A period query is then two binary
// searches per track. Rules (moving average, fees, transfers, unknown costs): see ./types.ts and
// docs/investment-results.md.
import Big from 'big.js';
import { beyondLedgerSteps, deltas, mergeAfter, money } from './ledger.js';
import type { PriceBook } from './prices.js';
import { costShare, type FlowRecord, pack, type Track, type TrackState, trackKey } from './state.js';
import type { CostOverride, FlowKind, Holding, LedgerEvent } from './types.js';
import { openingLotId } from './types.js';

export * from './ledger.js';
export * from './state.js';

const ZERO = new Big(0);

export interface ReplayResult {
  tracks: Map<string, Track>;
  flows: FlowRecord[];
  /** A flow or an opening lot had no price at its time. */
  readonly missingPrice: boolean;
  /**
   * Whether later events can be added on top (none takes a position below zero, which would need an
   * opening lot from before the ledger): then `apply` them, else replay everything again.
   */
  fits(events: readonly LedgerEvent[]): boolean;
  /** Continues the replay with events later than every one before (already normalized). */
  apply(events: readonly LedgerEvent[]): void;
}

/**
 * The replay set up (opening lots, the exchange's average prices) with nothing applied yet: `pending`
 * is every event to apply, in order, the unseen outflows merged in (pnlIndex.ts applies them in parts).
 * Stepwise (core/steps.ts): it pauses along its pass over the events.
 */
export function* replayStart(
  events: readonly LedgerEvent[],
  prices: PriceBook,
  overrides: readonly CostOverride[],
  holdings: readonly Holding[] = [],
): Generator<void, { replayer: ReplayResult; pending: LedgerEvent[] }, void> {
  const over = new Map(
    overrides
      .filter((o) => money(o.costKrw))
      .map((o) => [`${o.profileId}\u0000${o.eventId}`, new Big(o.costKrw)]),
  );
  const { openings: shortfalls, unseen } = yield* beyondLedgerSteps(events, holdings);
  const exchangeAvg = new Map<string, Big>();
  for (const h of holdings) {
    if (money(h.avgPriceKrw) && h.avgPriceKrw !== '0')
      exchangeAvg.set(
        trackKey(h.profileId, h.accountSeq, h.currency.toLowerCase()),
        new Big(h.avgPriceKrw as string),
      );
  }
  const tracks = new Map<string, Track>();
  const cur = new Map<string, TrackState>();
  const flows: FlowRecord[] = [];
  let missingPrice = false;

  const track = (p: string, seq: number, currency: string, key = trackKey(p, seq, currency)): TrackState => {
    let s = cur.get(key);
    if (s) return s;
    const qty = shortfalls.get(key) ?? ZERO;
    const ov = over.get(`${p}\u0000${openingLotId(p, seq, currency)}`);
    // provisional cost per unit: the exchange's average price where a holding gave one, else the first known price
    const unit = exchangeAvg.get(key) ?? prices.first(currency) ?? ZERO;
    const known = currency === 'krw' || qty.eq(0) || ov !== undefined;
    s = {
      pos: qty,
      cost: currency === 'krw' ? ZERO : (ov ?? qty.times(unit)),
      realized: ZERO,
      fees: ZERO,
      flows: ZERO,
      carried: ZERO,
      added: ZERO,
      unknownSells: 0,
      costUnknown: !known,
    };
    tracks.set(key, {
      key,
      profileId: p,
      accountSeq: seq,
      currency,
      openingQty: qty,
      openingCostKnown: known,
      opening: { ...s, n: -1 },
      at: [],
      states: [],
    });
    cur.set(key, s);
    return s;
  };
  const priceAt = (c: string, t: number): Big => {
    const r = prices.at(c, t, true);
    if (r.missing) missingPrice = true;
    return r.price;
  };
  /** Takes q units out at the moving-average cost; returns the cost taken. */
  const takeOut = (s: TrackState, q: Big): Big => {
    if (q.eq(0)) return ZERO;
    if (s.costUnknown) s.unknownSells++;
    let taken: Big;
    if (q.gte(s.pos)) taken = s.cost;
    else taken = costShare(s.cost, q, s.pos);
    s.pos = s.pos.minus(q);
    s.cost = s.cost.minus(taken);
    if (s.pos.lte(0)) s.costUnknown = false;
    return taken;
  };
  /** A coin fee: a disposal at `price` whose value is a fee. KRW fees only cost cash. */
  const feeOut = (pay: TrackState, owner: TrackState, currency: string, fee: Big, price: Big): void => {
    if (fee.eq(0)) return;
    if (currency === 'krw') {
      pay.pos = pay.pos.minus(fee);
      owner.fees = owner.fees.plus(fee);
      return;
    }
    const value = fee.times(price);
    pay.realized = pay.realized.plus(value.minus(takeOut(pay, fee)));
    pay.fees = pay.fees.plus(value);
  };
  const flow = (
    e: LedgerEvent,
    seq: number,
    kind: FlowKind,
    c: string,
    amount: Big,
    value: Big,
    other?: number,
  ) => {
    const f: FlowRecord = {
      eventId: e.id,
      profileId: e.profileId,
      accountSeq: seq,
      at: e.at,
      kind,
      currency: c,
      amount,
      valueKrw: value,
    };
    if (other !== undefined) f.counterpart = other;
    flows.push(f);
  };

  const applyOne = (e: LedgerEvent) => {
    const p = e.profileId;
    const touched: string[] = [];
    const use = (seq: number, c: string) => {
      const key = trackKey(p, seq, c);
      if (!touched.includes(key)) touched.push(key);
      return track(p, seq, c, key);
    };
    if (e.kind === 'trade') {
      const coin = e.symbol.toLowerCase().split('_')[0] as string;
      const C = use(e.accountSeq, coin);
      const K = use(e.accountSeq, 'krw');
      const q = new Big(e.qty);
      const price = new Big(e.price);
      const value = q.times(price);
      if (e.side === 'buy') {
        K.pos = K.pos.minus(value);
        C.pos = C.pos.plus(q);
        C.cost = C.cost.plus(value);
        C.added = C.added.plus(value);
      } else {
        C.realized = C.realized.plus(value.minus(takeOut(C, q)));
        K.pos = K.pos.plus(value);
      }
      const fc = e.feeCurrency.toLowerCase();
      feeOut(fc === 'krw' ? K : C, C, fc === 'krw' ? 'krw' : coin, new Big(e.fee), price);
    } else if (e.kind === 'transfer') {
      const c = e.currency.toLowerCase();
      const F = use(e.fromAccountSeq, c);
      const T = use(e.toAccountSeq, c);
      const a = new Big(e.amount);
      const value = a.times(priceAt(c, e.at));
      const unknown = F.costUnknown;
      const moved = c === 'krw' ? ZERO : takeOut(F, a);
      if (c === 'krw') F.pos = F.pos.minus(a);
      F.flows = F.flows.minus(value);
      F.carried = F.carried.plus(moved.minus(value));
      T.pos = T.pos.plus(a);
      T.cost = T.cost.plus(moved);
      T.flows = T.flows.plus(value);
      T.carried = T.carried.plus(value.minus(moved));
      T.added = T.added.plus(value);
      if (unknown) T.costUnknown = true;
      flow(e, e.fromAccountSeq, 'transferOut', c, a, value.neg(), e.toAccountSeq);
      flow(e, e.toAccountSeq, 'transferIn', c, a, value, e.fromAccountSeq);
    } else {
      const c = e.currency.toLowerCase();
      const S = use(e.accountSeq, c);
      const a = new Big(e.amount);
      const m = priceAt(c, e.at);
      const value = a.times(m);
      if (e.kind === 'deposit') {
        const ov = over.get(`${p}\u0000${e.id}`);
        const cost = c === 'krw' ? ZERO : (ov ?? value);
        S.pos = S.pos.plus(a);
        S.cost = S.cost.plus(cost);
        S.flows = S.flows.plus(value);
        S.carried = S.carried.plus(c === 'krw' ? ZERO : value.minus(cost));
        S.added = S.added.plus(value);
        if (c !== 'krw' && ov === undefined && a.gt(0)) S.costUnknown = true;
        flow(e, e.accountSeq, 'deposit', c, a, value);
      } else {
        const taken = c === 'krw' ? ZERO : takeOut(S, a);
        if (c === 'krw') S.pos = S.pos.minus(a);
        S.flows = S.flows.minus(value);
        S.carried = S.carried.plus(c === 'krw' ? ZERO : taken.minus(value));
        flow(e, e.accountSeq, 'withdrawal', c, a, value.neg());
      }
      feeOut(S, S, c, new Big(e.fee ?? '0'), m);
    }
    for (const key of touched) {
      const t = tracks.get(key) as Track;
      t.at.push(e.at);
      t.states.push(pack(cur.get(key) as TrackState));
    }
  };
  const result: ReplayResult = {
    tracks,
    flows,
    get missingPrice() {
      return missingPrice;
    },
    fits(more) {
      const pos = new Map<string, Big>();
      let ok = true;
      for (const e of more) {
        deltas(e, (k, d) => {
          const v = (pos.get(k) ?? cur.get(k)?.pos ?? ZERO).plus(d);
          pos.set(k, v);
          if (v.lt(0)) ok = false;
        });
        if (!ok) return false;
      }
      return true;
    },
    apply(more) {
      for (const e of more) applyOne(e);
    },
  };
  // coins held with no event in the ledger still have their opening lot (a track with no states)
  for (const h of holdings) {
    const c = h.currency.toLowerCase();
    if (shortfalls.has(trackKey(h.profileId, h.accountSeq, c))) track(h.profileId, h.accountSeq, c);
  }
  // units the exchange no longer reports leave as withdrawals when the balance was read (ledger.ts)
  return { replayer: result, pending: mergeAfter(events, unseen) };
}
