// One pass over the ledger, in time order, keeping a running state per (profile, account, currency)
// "track" and recording it after every event that touches it. A period query is then two binary
// searches per track. Rules (moving average, fees, transfers, unknown costs): see ./types.ts and
// docs/investment-results.md.
import Big from 'big.js';
import { isDecimalString } from '../decimal.js';
import type { PriceBook } from './prices.js';
import type { CostOverride, FlowKind, LedgerEvent } from './types.js';
import { openingLotId } from './types.js';

const ZERO = new Big(0);

/** The running figures of one track; all cumulative except pos, cost and costUnknown. */
export interface TrackState {
  pos: Big;
  /** Total moving-average cost of `pos` (coins; zero for KRW). */
  cost: Big;
  realized: Big;
  fees: Big;
  /** Signed KRW value of flows in (+) and out (-) of this account in this currency. */
  flows: Big;
  /** Unrealized gain brought in (+) or taken out (-) by flows; see types.ts. */
  carried: Big;
  /** KRW put in: buys at cost, flows in at value (the base of the asset's return). */
  added: Big;
  /** How many disposals took cost from units of unknown cost. */
  unknownSells: number;
  /** Units of unknown cost are in the position (until it returns to zero). */
  costUnknown: boolean;
  /** Which recorded state this is (-1: the opening); set by lookups. */
  n?: number;
}

/** A state packed into one string (a tenth of the memory of the big.js objects, so GC stays small). */
export function pack(s: TrackState): string {
  return `${s.pos}|${s.flows}|${s.cost}|${s.realized}|${s.fees}|${s.carried}|${s.added}|${s.unknownSells}|${s.costUnknown ? 1 : 0}`;
}

export function unpack(p: string, n: number): TrackState {
  const f = p.split('|');
  return {
    pos: new Big(f[0] as string),
    flows: new Big(f[1] as string),
    cost: new Big(f[2] as string),
    realized: new Big(f[3] as string),
    fees: new Big(f[4] as string),
    carried: new Big(f[5] as string),
    added: new Big(f[6] as string),
    unknownSells: Number(f[7]),
    costUnknown: f[8] === '1',
    n,
  };
}

export interface Track {
  key: string;
  profileId: string;
  accountSeq: number;
  currency: string;
  /** Units held before the ledger begins (a sell or withdrawal went below zero without them). */
  openingQty: Big;
  openingCostKnown: boolean;
  opening: TrackState;
  at: number[];
  /** pack()ed state after each event at at[i]. */
  states: string[];
}

export interface FlowRecord {
  eventId: string;
  profileId: string;
  accountSeq: number;
  at: number;
  kind: FlowKind;
  currency: string;
  amount: Big;
  valueKrw: Big;
  /** For transfers: the other account. */
  counterpart?: number;
}

export const trackKey = (profileId: string, accountSeq: number, currency: string) =>
  `${profileId}\u0000${accountSeq}\u0000${currency}`;
export const accountKey = (profileId: string, accountSeq: number) => `${profileId}\u0000${accountSeq}`;

const money = (v: unknown) => isDecimalString(v) && !(v as string).startsWith('-');

/** Why an event cannot be used (a bad number or shape), or null. */
export function invalidReason(e: LedgerEvent): string | null {
  if (typeof e.id !== 'string' || !e.id) return 'id missing';
  if (!Number.isFinite(e.at)) return 'at is not a time';
  if (e.kind === 'trade') {
    if (!/^[a-z0-9]+_[a-z0-9]+$/i.test(e.symbol)) return 'bad symbol';
    if (e.side !== 'buy' && e.side !== 'sell') return 'bad side';
    if (!money(e.price) || !money(e.qty) || !money(e.fee))
      return 'price, qty and fee must be decimal strings';
    const coin = e.symbol.toLowerCase().split('_')[0];
    const fc = String(e.feeCurrency).toLowerCase();
    if (fc !== 'krw' && fc !== coin) return 'feeCurrency must be krw or the coin';
    return null;
  }
  if (e.kind === 'deposit' || e.kind === 'withdrawal' || e.kind === 'transfer') {
    if (typeof e.currency !== 'string' || !e.currency) return 'currency missing';
    if (!money(e.amount)) return 'amount must be a decimal string';
    if (e.kind !== 'transfer' && e.fee !== undefined && !money(e.fee)) return 'fee must be a decimal string';
    return null;
  }
  return 'unknown kind';
}

export function isCounted(e: LedgerEvent): boolean {
  if (e.kind === 'trade') return e.symbol.toLowerCase().endsWith('_krw');
  if (e.kind === 'transfer') return (e.status ?? 'done') === 'done' && e.fromAccountSeq !== e.toAccountSeq;
  return e.status === 'done';
}

/**
 * Counted events, de-duplicated by (profile, id), in time order (input order for equal times). Events
 * with bad numbers are left out and listed in `rejected`.
 */
export function normalize(
  events: readonly LedgerEvent[],
  rejected: { id: string; reason: string }[] = [],
): LedgerEvent[] {
  const seen = new Set<string>();
  const out: { e: LedgerEvent; n: number }[] = [];
  events.forEach((e, n) => {
    const bad = invalidReason(e);
    if (bad) {
      rejected.push({ id: String(e.id), reason: bad });
      return;
    }
    const k = `${e.profileId}\u0000${e.id}`;
    if (seen.has(k) || !isCounted(e)) return;
    seen.add(k);
    out.push({ e, n });
  });
  out.sort((a, b) => a.e.at - b.e.at || a.n - b.n);
  return out.map((x) => x.e);
}

/** Position moves per track, in order: (key, delta). */
function deltas(e: LedgerEvent, push: (key: string, d: Big) => void): void {
  const p = e.profileId;
  if (e.kind === 'trade') {
    const coin = e.symbol.toLowerCase().split('_')[0] as string;
    const value = new Big(e.price).times(e.qty);
    const sign = e.side === 'buy' ? 1 : -1;
    push(trackKey(p, e.accountSeq, coin), new Big(e.qty).times(sign));
    push(trackKey(p, e.accountSeq, 'krw'), value.times(-sign));
    push(trackKey(p, e.accountSeq, e.feeCurrency.toLowerCase()), new Big(e.fee).neg());
  } else if (e.kind === 'transfer') {
    const c = e.currency.toLowerCase();
    push(trackKey(p, e.fromAccountSeq, c), new Big(e.amount).neg());
    push(trackKey(p, e.toAccountSeq, c), new Big(e.amount));
  } else {
    const c = e.currency.toLowerCase();
    const sign = e.kind === 'deposit' ? 1 : -1;
    push(trackKey(p, e.accountSeq, c), new Big(e.amount).times(sign));
    push(trackKey(p, e.accountSeq, c), new Big(e.fee ?? '0').neg());
  }
}

/** Units each track must have held before its first event so that it never goes below zero. */
export function openingShortfalls(events: readonly LedgerEvent[]): Map<string, Big> {
  const run = new Map<string, Big>();
  const low = new Map<string, Big>();
  for (const e of events) {
    deltas(e, (k, d) => {
      const v = (run.get(k) ?? ZERO).plus(d);
      run.set(k, v);
      if (v.lt(low.get(k) ?? ZERO)) low.set(k, v);
    });
  }
  const out = new Map<string, Big>();
  for (const [k, v] of low) if (v.lt(0)) out.set(k, v.neg());
  return out;
}

/** a / b rounded half up to `dp` places, divided at dp + 2 places (not the global 40: much faster). */
export function divRound(a: Big, b: Big, dp: number): Big {
  const keep = Big.DP;
  Big.DP = dp + 2;
  try {
    return a.div(b).round(dp, Big.roundHalfUp);
  } finally {
    Big.DP = keep;
  }
}

/** cost x q / pos rounded to 8 dp (1e-8 KRW). */
export const costShare = (cost: Big, q: Big, pos: Big): Big => divRound(cost.times(q), pos, 8);

export interface ReplayResult {
  tracks: Map<string, Track>;
  flows: FlowRecord[];
  missingPrice: boolean;
}

export function replay(
  events: readonly LedgerEvent[],
  prices: PriceBook,
  overrides: readonly CostOverride[],
): ReplayResult {
  const over = new Map(
    overrides
      .filter((o) => money(o.costKrw))
      .map((o) => [`${o.profileId}\u0000${o.eventId}`, new Big(o.costKrw)]),
  );
  const shortfalls = openingShortfalls(events);
  const tracks = new Map<string, Track>();
  const cur = new Map<string, TrackState>();
  const flows: FlowRecord[] = [];
  let missingPrice = false;

  const track = (p: string, seq: number, currency: string): TrackState => {
    const key = trackKey(p, seq, currency);
    let s = cur.get(key);
    if (s) return s;
    const qty = shortfalls.get(key) ?? ZERO;
    const ov = over.get(`${p}\u0000${openingLotId(p, seq, currency)}`);
    const firstPrice = prices.first(currency) ?? ZERO;
    const known = currency === 'krw' || qty.eq(0) || ov !== undefined;
    s = {
      pos: qty,
      cost: currency === 'krw' ? ZERO : (ov ?? qty.times(firstPrice)),
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

  for (const e of events) {
    const p = e.profileId;
    const touched: [string, TrackState][] = [];
    const use = (seq: number, c: string) => {
      const s = track(p, seq, c);
      touched.push([trackKey(p, seq, c), s]);
      return s;
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
    const done = new Set<string>();
    for (const [key, s] of touched) {
      if (done.has(key)) continue;
      done.add(key);
      const t = tracks.get(key) as Track;
      t.at.push(e.at);
      t.states.push(pack(s));
    }
  }
  return { tracks, flows, missingPrice };
}
