// The precomputed index a period query reads: the replayed tracks, the flows, the price book, and per
// account a table of equity and cumulative flows at every KST day start the ledger spans (outside that
// span nothing changes, so the ends stand for everything before and after).
import Big from 'big.js';
import { isDecimalString } from '../decimal.js';
import { DAY_MS, kstDayStart } from '../desk/dayPnl.js';
import { drain, STEP_ITEMS } from '../steps.js';
import { lastIndex, PriceBook } from './prices.js';
import {
  accountKey,
  type FlowRecord,
  normalizeSteps,
  type ReplayResult,
  replayStart,
  type Track,
  type TrackState,
  unpack,
  unpackHolding,
  validHolding,
} from './replay.js';
import { type ScopeTables, scopeTables } from './scopeTables.js';
import type {
  AccountRef,
  CostOverride,
  EquityPoint,
  Holding,
  LedgerEvent,
  LedgerGap,
  PriceMark,
} from './types.js';

export interface PnlIndexInput {
  events: readonly LedgerEvent[];
  overrides?: readonly CostOverride[];
  marks?: readonly PriceMark[];
  snapshots?: readonly EquityPoint[];
  gaps?: readonly LedgerGap[];
  /** What the accounts hold by the exchange: units beyond the ledger's become opening lots (types.ts Holding). */
  holdings?: readonly Holding[];
}

export interface AccountEntry {
  ref: AccountRef;
  tracks: Track[];
  /** Equity and cumulative flows at day start D0 + i days (events and prices before it). */
  dayEquity: Big[];
  dayFlows: Big[];
  /** Equity right after every event at flowTimes[i] (the flow included). */
  flowEquity: Big[];
  snapshots: { at: number[]; equity: string[] };
}

export interface PnlIndex {
  /** What it was built from (kept to build again when an append cannot be added on top). */
  input: {
    events: LedgerEvent[];
    overrides: CostOverride[];
    marks: PriceMark[];
    snapshots: EquityPoint[];
    gaps: LedgerGap[];
    holdings: Holding[];
  };
  replayer: ReplayResult;
  /** `${profileId}\u0000${id}` of every counted event. */
  seen: Set<string>;
  /** Latest event or mark time: appends at or after it go on top. */
  lastAt: number;
  events: LedgerEvent[];
  prices: PriceBook;
  accounts: Map<string, AccountEntry>;
  flows: FlowRecord[];
  /** flows[i].at, for the binary search. */
  flowAt: number[];
  /** Distinct flow times, ascending. */
  flowTimes: number[];
  /** Sums over a scope's accounts of the day and flow tables, by scope key (filled on first use). */
  scopeCache: Map<string, ScopeTables>;
  gaps: LedgerGap[];
  /** Cost overrides by `${profileId}\u0000${eventId}`, total KRW. */
  overrides: Map<string, Big>;
  dayStart0: number;
  days: number;
  /** Events and overrides left out for bad numbers (never a crash). */
  rejected: { id: string; reason: string }[];
  /** A flow or an opening lot had no price at its time. */
  missingPrice: boolean;
}

const ZERO = new Big(0);

export function accountEntry(
  accounts: Map<string, AccountEntry>,
  profileId: string,
  accountSeq: number,
): AccountEntry {
  const k = accountKey(profileId, accountSeq);
  let a = accounts.get(k);
  if (!a) {
    a = {
      ref: { profileId, accountSeq },
      tracks: [],
      dayEquity: [],
      dayFlows: [],
      flowEquity: [],
      snapshots: { at: [], equity: [] },
    };
    accounts.set(k, a);
  }
  return a;
}

export function stateAt(t: Track, at: number): TrackState {
  const i = lastIndex(t.at, at, false);
  return i < 0 ? t.opening : unpack(t.states[i] as string, i);
}

export function buildPnlIndex(input: PnlIndexInput): PnlIndex {
  return drain(buildPnlIndexSteps(input));
}

/**
 * The build, pausing (a bare `yield`) between parts: every STEP_ITEMS events of its passes, the day tables
 * per account. The proxy runs it a few ms at a time (seconds at 100,000 fills); the input must not change.
 */
export function* buildPnlIndexSteps(input: PnlIndexInput): Generator<void, PnlIndex, void> {
  const rejected: { id: string; reason: string }[] = [];
  const events = yield* normalizeSteps(input.events, rejected);
  for (const o of input.overrides ?? []) {
    if (!isDecimalString(o.costKrw) || o.costKrw.startsWith('-'))
      rejected.push({ id: o.eventId, reason: 'costKrw must be a decimal string' });
  }
  const holdings: Holding[] = [];
  for (const h of input.holdings ?? []) {
    if (validHolding(h)) holdings.push(h);
    else
      rejected.push({
        id: `holding:${h.profileId}:${h.accountSeq}:${h.currency}`,
        reason: 'qty must be a decimal string',
      });
  }
  // a holding's price is an observation like a mark (a coin held and never traded has no other)
  const heldMarks: PriceMark[] = holdings
    .filter((h) => h.priceKrw !== undefined && h.currency.toLowerCase() !== 'krw')
    .map((h) => ({ currency: h.currency.toLowerCase(), at: h.at, priceKrw: h.priceKrw as string }));
  yield;
  const prices = new PriceBook(events, [...(input.marks ?? []), ...heldMarks]);
  yield;
  const { replayer: r, pending } = yield* replayStart(events, prices, input.overrides ?? [], holdings);
  for (let i = 0; i < pending.length; i += STEP_ITEMS) {
    yield;
    r.apply(pending.slice(i, i + STEP_ITEMS));
  }
  yield;
  const accounts = new Map<string, AccountEntry>();
  const entry = (profileId: string, accountSeq: number) => accountEntry(accounts, profileId, accountSeq);
  for (const t of r.tracks.values()) entry(t.profileId, t.accountSeq).tracks.push(t);
  const snaps = [...(input.snapshots ?? [])].sort((a, b) => a.at - b.at);
  for (const s of snaps) {
    const a = entry(s.profileId, s.accountSeq);
    a.snapshots.at.push(s.at);
    a.snapshots.equity.push(s.equityKrw);
  }
  let lo = prices.minAt;
  let hi = prices.maxAt;
  for (const e of events) {
    if (e.at < lo) lo = e.at;
    if (e.at > hi) hi = e.at;
  }
  const dayStart0 = Number.isFinite(lo) ? kstDayStart(lo) : 0;
  const days = Number.isFinite(hi) ? Math.round((kstDayStart(hi) + DAY_MS - dayStart0) / DAY_MS) : 0;
  for (const a of accounts.values()) {
    fillDays(a, prices, dayStart0, 0, days);
    yield;
  }
  const flowTimes = [...new Set(r.flows.map((f) => f.at))];
  for (const a of accounts.values()) {
    a.flowEquity = flowTimes.map((t) => accountEquity(a, prices, t + 1));
    yield;
  }
  const index: PnlIndex = {
    input: {
      events: [...input.events],
      overrides: [...(input.overrides ?? [])],
      marks: [...(input.marks ?? [])],
      snapshots: [...(input.snapshots ?? [])],
      gaps: [...(input.gaps ?? [])],
      holdings: [...(input.holdings ?? [])],
    },
    replayer: r,
    seen: new Set(events.map((e) => `${e.profileId}\u0000${e.id}`)),
    lastAt: hi,
    events,
    prices,
    accounts,
    flows: r.flows,
    flowAt: r.flows.map((f) => f.at),
    flowTimes,
    scopeCache: new Map(),
    gaps: [...(input.gaps ?? [])],
    rejected,
    overrides: new Map(
      (input.overrides ?? [])
        .filter((o) => isDecimalString(o.costKrw) && !o.costKrw.startsWith('-'))
        .map((o) => [`${o.profileId}\u0000${o.eventId}`, new Big(o.costKrw)]),
    ),
    dayStart0,
    days,
    missingPrice: r.missingPrice,
  };
  scopeTables(index, [...accounts.values()]);
  return index;
}

/** Recomputes an account's day table from day `from` to day `to` (inclusive). */
export function fillDays(
  a: AccountEntry,
  prices: PriceBook,
  dayStart0: number,
  from: number,
  to: number,
): void {
  a.dayEquity.length = Math.min(a.dayEquity.length, from);
  a.dayFlows.length = Math.min(a.dayFlows.length, from);
  const first = dayStart0 + a.dayEquity.length * DAY_MS;
  const ptr = a.tracks.map((tr) => lastIndex(tr.at, first, false));
  const seen = a.tracks.map((tr, j) =>
    ptr[j] === -1 ? tr.opening : unpackHolding(tr.states[ptr[j] as number] as string),
  );
  for (let d = a.dayEquity.length; d <= to; d++) {
    const t = dayStart0 + d * DAY_MS;
    let eq = ZERO;
    let fl = ZERO;
    a.tracks.forEach((tr, j) => {
      let i = ptr[j] as number;
      while (i + 1 < tr.at.length && (tr.at[i + 1] as number) < t) i++;
      if (i !== ptr[j]) seen[j] = unpackHolding(tr.states[i] as string);
      ptr[j] = i;
      const s = seen[j] as { pos: Big; flows: Big };
      fl = fl.plus(s.flows);
      if (s.pos.eq(0)) return;
      eq = eq.plus(tr.currency === 'krw' ? s.pos : s.pos.times(prices.at(tr.currency, t, false).price));
    });
    a.dayEquity.push(eq);
    a.dayFlows.push(fl);
  }
}

/** An account's ledger equity from the events before t, at the prices before t. */
export function accountEquity(a: AccountEntry, prices: PriceBook, t: number): Big {
  let eq = ZERO;
  for (const tr of a.tracks) {
    const i = lastIndex(tr.at, t, false);
    const s = i < 0 ? tr.opening : unpackHolding(tr.states[i] as string);
    if (s.pos.eq(0)) continue;
    eq = eq.plus(tr.currency === 'krw' ? s.pos : s.pos.times(prices.at(tr.currency, t, false).price));
  }
  return eq;
}
