// A period query over the precomputed index: two lookups per track for the totals and the assets, the
// day table for the daily bars and the equity curve, and the flows of the period for the returns.
import Big from 'big.js';
import { toPlain } from '../decimal.js';
import { DAY_MS, KST_OFFSET_MS } from '../desk/dayPnl.js';
import { perAsset } from './assets.js';
import { isUnseenOutflowId } from './ledger.js';
import { type AccountEntry, type PnlIndex, stateAt } from './pnlIndex.js';
import { lastIndex } from './prices.js';
import { accountKey, type TrackState } from './replay.js';
import { type CashFlow, type FlowPoint, moneyWeighted, timeWeighted } from './returns.js';
import { scopeTables } from './scopeTables.js';
import type { PnlFlow, PnlQuery, PnlReport, UncertainReason } from './types.js';

const ZERO = new Big(0);
/** Snapshots within this long before a boundary stand for it. */
export const SNAPSHOT_TOLERANCE_MS = 5 * 60_000;

export interface Evaluator {
  /** Ledger equity and cumulative flows of the scope from the events before `t`. */
  at(t: number, live?: boolean): { equity: Big; flows: Big };
  /** Equity right after every event at a flow time. */
  flowEquity(t: number): Big;
  missingPrice: boolean;
}

export function scopeEntries(index: PnlIndex, scope: PnlQuery['scope']): AccountEntry[] {
  if (scope === 'all') return [...index.accounts.values()];
  const out: AccountEntry[] = [];
  for (const r of scope) {
    const a = index.accounts.get(accountKey(r.profileId, r.accountSeq));
    if (a) out.push(a);
  }
  return out;
}

export function evaluator(index: PnlIndex, entries: readonly AccountEntry[], q: PnlQuery): Evaluator {
  const tables = scopeTables(index, entries);
  const ev: Evaluator = {
    missingPrice: false,
    at(t, live = false) {
      const d = (t - index.dayStart0) / DAY_MS;
      if (!live && Number.isInteger(d)) {
        const i = Math.min(Math.max(d, 0), index.days);
        return { equity: tables.dayEquity[i] as Big, flows: tables.dayFlows[i] as Big };
      }
      let equity = ZERO;
      let flows = ZERO;
      for (const a of entries) {
        for (const tr of a.tracks) {
          const s = stateAt(tr, t);
          flows = flows.plus(s.flows);
          if (s.pos.eq(0)) continue;
          equity = equity.plus(
            tr.currency === 'krw' ? s.pos : s.pos.times(priceOf(index, q, tr.currency, t, live, ev)),
          );
        }
      }
      return { equity, flows };
    },
    flowEquity(t) {
      const i = lastIndex(index.flowTimes, t, true);
      return index.flowTimes[i] === t ? (tables.flowEquity[i] as Big) : ev.at(t + 1).equity;
    },
  };
  return ev;
}

export function priceOf(
  index: PnlIndex,
  q: PnlQuery,
  c: string,
  t: number,
  live: boolean,
  ev: Evaluator,
): Big {
  const lp = live ? q.livePrices?.[c] : undefined;
  if (lp !== undefined && t > index.prices.lastAt(c)) return new Big(lp);
  const r = index.prices.at(c, t, false);
  if (r.missing) ev.missingPrice = true;
  return r.price;
}

const dayName = (t: number) => new Date(t + KST_OFFSET_MS).toISOString().slice(0, 10);

function snapshotSum(entries: readonly AccountEntry[], t: number): Big | null {
  let s = ZERO;
  for (const a of entries) {
    const i = lastIndex(a.snapshots.at, t, true);
    if (i < 0 || t - (a.snapshots.at[i] as number) > SNAPSHOT_TOLERANCE_MS) return null;
    s = s.plus(a.snapshots.equity[i] as string);
  }
  return entries.length ? s : null;
}

/** Snapshot and ledger equity disagree: by more than 0.5 % and more than 1,000 KRW. */
const differs = (snap: Big, ledger: Big) => {
  const d = snap.minus(ledger).abs();
  return d.gt(1000) && d.gt(snap.abs().times('0.005'));
};

export function queryPnl(index: PnlIndex, query: PnlQuery): PnlReport {
  // Not times, or an end before the start: an empty period at the start (the caller validates input).
  const from = Number.isFinite(query.from) ? query.from : 0;
  const q: PnlQuery = { ...query, from, to: Number.isFinite(query.to) && query.to >= from ? query.to : from };
  const entries = scopeEntries(index, q.scope);
  const inScope = new Set(entries.map((a) => accountKey(a.ref.profileId, a.ref.accountSeq)));
  const ev = evaluator(index, entries, q);
  const start = ev.at(q.from);
  const end = ev.at(q.to, true);

  // Totals over tracks: two lookups each.
  let realized = ZERO;
  let fees = ZERO;
  let carried = ZERO;
  let uStart = ZERO;
  let uEnd = ZERO;
  const pairs: {
    currency: string;
    accountSeq: number;
    profileId: string;
    s0: TrackState;
    s1: TrackState;
    p0: Big;
    p1: Big;
  }[] = [];
  for (const a of entries) {
    for (const tr of a.tracks) {
      const s0 = stateAt(tr, q.from);
      const s1 = stateAt(tr, q.to);
      realized = realized.plus(s1.realized.minus(s0.realized));
      fees = fees.plus(s1.fees.minus(s0.fees));
      if (tr.currency === 'krw') continue;
      carried = carried.plus(s1.carried.minus(s0.carried));
      const p0 = s0.pos.eq(0) ? ZERO : priceOf(index, q, tr.currency, q.from, false, ev);
      const p1 = s1.pos.eq(0) ? ZERO : priceOf(index, q, tr.currency, q.to, true, ev);
      uStart = uStart.plus(s0.pos.times(p0).minus(s0.cost));
      uEnd = uEnd.plus(s1.pos.times(p1).minus(s1.cost));
      pairs.push({
        currency: tr.currency,
        accountSeq: tr.accountSeq,
        profileId: tr.profileId,
        s0,
        s1,
        p0,
        p1,
      });
    }
  }
  const netFlows = end.flows.minus(start.flows);
  const unrealizedChange = uEnd.minus(uStart).minus(carried);
  const pnl = end.equity.minus(start.equity).minus(netFlows);

  // Flows of the period that cross the scope's edge.
  const flows: PnlFlow[] = [];
  const lo = lastIndex(index.flowAt, q.from, false);
  for (let i = lo + 1; i < index.flows.length; i++) {
    const f = index.flows[i];
    if (!f || f.at >= q.to) break;
    if (!inScope.has(accountKey(f.profileId, f.accountSeq))) continue;
    if (f.counterpart !== undefined && inScope.has(accountKey(f.profileId, f.counterpart))) continue;
    flows.push({
      eventId: f.eventId,
      profileId: f.profileId,
      accountSeq: f.accountSeq,
      at: f.at,
      kind: f.kind,
      currency: f.currency,
      amount: toPlain(f.amount),
      valueKrw: toPlain(f.valueKrw),
    });
  }

  // Returns: equity right after each distinct flow time.
  const points: FlowPoint[] = [];
  const cash: CashFlow[] = [{ x: 0, amount: start.equity.neg() }];
  const span = Math.max(1, q.to - q.from);
  for (let i = 0; i < flows.length; ) {
    const at = (flows[i] as PnlFlow).at;
    let value = ZERO;
    for (; i < flows.length && (flows[i] as PnlFlow).at === at; i++)
      value = value.plus((flows[i] as PnlFlow).valueKrw);
    points.push({ at, value, equityAfter: ev.flowEquity(at) });
    cash.push({ x: (at - q.from) / span, amount: value.neg() });
  }
  cash.push({ x: 1, amount: end.equity });

  // Daily bars and the equity curve: KST day starts inside the period.
  const daily: PnlReport['daily'] = [];
  const curve: PnlReport['equityCurve'] = [{ at: q.from, equityKrw: toPlain(start.equity) }];
  let prev = start;
  let prevAt = q.from;
  const firstDay = Math.ceil((q.from + KST_OFFSET_MS) / DAY_MS) * DAY_MS - KST_OFFSET_MS;
  const bounds: number[] = [];
  for (let t = firstDay === q.from ? q.from + DAY_MS : firstDay; t < q.to; t += DAY_MS) bounds.push(t);
  bounds.push(q.to);
  for (const t of bounds) {
    const cur = t === q.to ? end : ev.at(t);
    const dayPnl = cur.equity.minus(prev.equity).minus(cur.flows.minus(prev.flows));
    daily.push({ day: dayName(prevAt), pnlKrw: toPlain(dayPnl) });
    curve.push({ at: t, equityKrw: toPlain(cur.equity) });
    prev = cur;
    prevAt = t;
  }

  const assets = perAsset(pairs, end.equity, q, entries.length === 1 ? entries[0]?.ref : undefined);
  const uncertain = new Set<UncertainReason>();
  if (assets.some((x) => x.costUnknown)) uncertain.add('costUnknown');
  for (const a of entries)
    for (const tr of a.tracks) if (!tr.openingCostKnown) uncertain.add('preLedgerHoldings');
  if (ev.missingPrice) uncertain.add('missingPrice');
  if (flows.some((f) => isUnseenOutflowId(f.eventId))) uncertain.add('unseenOutflow');
  for (const g of index.gaps) {
    if (inScope.has(accountKey(g.profileId, g.accountSeq)) && g.from < q.to && g.to > q.from)
      uncertain.add('ledgerGap');
  }
  const snap0 = snapshotSum(entries, q.from);
  const snap1 = snapshotSum(entries, q.to);
  if ((snap0 && differs(snap0, start.equity)) || (snap1 && differs(snap1, end.equity)))
    uncertain.add('snapshotMismatch');

  const top = q.top ?? 5;
  const ranked = [...assets].sort((a, b) => new Big(b.pnlKrw).cmp(a.pnlKrw));
  const report: PnlReport = {
    query: { from: q.from, to: q.to },
    total: {
      pnlKrw: toPlain(pnl),
      realizedKrw: toPlain(realized),
      unrealizedChangeKrw: toPlain(unrealizedChange),
      feesKrw: toPlain(fees),
      netFlowsKrw: toPlain(netFlows),
      startEquityKrw: toPlain(start.equity),
      endEquityKrw: toPlain(end.equity),
      twr: timeWeighted(start.equity, end.equity, points),
      mwr: moneyWeighted(cash),
      uncertain: [...uncertain],
    },
    daily,
    perAsset: assets,
    equityCurve: curve,
    flows,
    winners: ranked
      .filter((a) => new Big(a.pnlKrw).gt(0))
      .slice(0, top)
      .map((a) => ({ currency: a.currency, pnlKrw: a.pnlKrw })),
    losers: ranked
      .filter((a) => new Big(a.pnlKrw).lt(0))
      .reverse()
      .slice(0, top)
      .map((a) => ({ currency: a.currency, pnlKrw: a.pnlKrw })),
  };
  if (snap0) report.total.snapshotStartEquityKrw = toPlain(snap0);
  if (snap1) report.total.snapshotEndEquityKrw = toPlain(snap1);
  return report;
}
