// Adding to a built index without replaying the whole ledger: new fills and flows later than every
// event before (the common case: a fill just happened), new marks, new snapshots. When the new events
// reach back in time, or take a position below zero (an opening lot would change), it builds again.

import { isDecimalString } from '../decimal.js';
import { DAY_MS, kstDayStart } from '../desk/dayPnl.js';
import { accountEntry, accountEquity, buildPnlIndex, fillDays, type PnlIndex } from './pnlIndex.js';
import { lastIndex } from './prices.js';
import { normalize } from './replay.js';
import type { EquityPoint, LedgerEvent, PriceMark } from './types.js';

export interface PnlAppend {
  events?: readonly LedgerEvent[];
  marks?: readonly PriceMark[];
  snapshots?: readonly EquityPoint[];
}

/** The index with `more` added: the same object when it could go on top, else a new build. */
export function appendToIndex(index: PnlIndex, more: PnlAppend): PnlIndex {
  const moreEvents = more.events ?? [];
  const moreMarks = more.marks ?? [];
  const moreSnaps = more.snapshots ?? [];
  const rebuild = () =>
    buildPnlIndex({
      ...index.input,
      events: [...index.input.events, ...moreEvents],
      marks: [...index.input.marks, ...moreMarks],
      snapshots: [...index.input.snapshots, ...moreSnaps],
    });
  const rejected: { id: string; reason: string }[] = [];
  const fresh = normalize(moreEvents, rejected).filter((e) => !index.seen.has(`${e.profileId}\u0000${e.id}`));
  const marks = moreMarks.filter((m) => isDecimalString(m.priceKrw));
  if (
    !Number.isFinite(index.lastAt) ||
    fresh.some((e) => e.at < index.lastAt) ||
    marks.some((m) => m.at < index.lastAt)
  ) {
    return rebuild();
  }
  if (!index.replayer.fits(fresh)) return rebuild();

  // Prices first (the replay values flows with them), in time order, marks before fills at one time.
  const obs: { c: string; at: number; p: string; n: number }[] = marks.map((m, n) => ({
    c: m.currency.toLowerCase(),
    at: m.at,
    p: m.priceKrw,
    n,
  }));
  for (const e of fresh) {
    if (e.kind !== 'trade') continue;
    const [base, quote] = e.symbol.toLowerCase().split('_');
    if (base && quote === 'krw') obs.push({ c: base, at: e.at, p: e.price, n: obs.length });
  }
  obs.sort((a, b) => a.at - b.at || a.n - b.n);
  for (const o of obs) if (!index.prices.add(o.c, o.at, o.p)) return rebuild();

  const flowsBefore = index.flows.length;
  index.replayer.apply(fresh);
  for (const e of fresh) index.seen.add(`${e.profileId}\u0000${e.id}`);
  index.events.push(...fresh);
  index.input.events.push(...moreEvents);
  index.input.marks.push(...moreMarks);
  index.input.snapshots.push(...moreSnaps);
  index.rejected.push(...rejected);
  index.missingPrice = index.replayer.missingPrice;

  // New tracks join their accounts (new accounts start with empty tables).
  const attached = new Set<string>();
  for (const a of index.accounts.values()) for (const t of a.tracks) attached.add(t.key);
  const grown = new Set<string>();
  for (const t of index.replayer.tracks.values()) {
    if (attached.has(t.key)) continue;
    const a = accountEntry(index.accounts, t.profileId, t.accountSeq);
    a.tracks.push(t);
    grown.add(`${t.profileId}\u0000${t.accountSeq}`);
  }
  for (const s of moreSnaps) {
    const a = accountEntry(index.accounts, s.profileId, s.accountSeq);
    const i = lastIndex(a.snapshots.at, s.at, true) + 1;
    a.snapshots.at.splice(i, 0, s.at);
    a.snapshots.equity.splice(i, 0, s.equityKrw);
  }

  // Day tables from the first day the additions touch; flow equity from the first new time.
  let lo = Number.POSITIVE_INFINITY;
  let hi = index.lastAt;
  for (const x of [...fresh, ...marks]) {
    lo = Math.min(lo, x.at);
    hi = Math.max(hi, x.at);
  }
  index.lastAt = hi;
  const days = Math.round((kstDayStart(hi) + DAY_MS - index.dayStart0) / DAY_MS);
  const fromDay = Number.isFinite(lo) ? Math.floor((lo - index.dayStart0) / DAY_MS) + 1 : index.days + 1;
  for (const f of index.flows.slice(flowsBefore)) {
    index.flowAt.push(f.at);
    if (index.flowTimes[index.flowTimes.length - 1] !== f.at) index.flowTimes.push(f.at);
  }
  const firstFlow = lastIndex(index.flowTimes, lo, false) + 1;
  for (const [key, a] of index.accounts) {
    const fresh = grown.has(key) && a.dayEquity.length === 0;
    fillDays(a, index.prices, index.dayStart0, fresh ? 0 : Math.min(fromDay, index.days + 1), days);
    const from = fresh ? 0 : Math.min(firstFlow, a.flowEquity.length);
    a.flowEquity.length = from;
    for (let i = from; i < index.flowTimes.length; i++)
      a.flowEquity.push(accountEquity(a, index.prices, (index.flowTimes[i] as number) + 1));
  }
  index.days = days;
  index.scopeCache.clear();
  return index;
}
