// Day P&L since 00:00 KST from equity snapshots, with deposits, withdrawals and transfers
// separated out so that money moved in or out is never counted as profit.
//
//   pnl = equity now - opening equity - net external flows since the opening
//
// The opening is the last snapshot at or shortly before 00:00 KST (the proxy samples on minute
// boundaries, so one lands on midnight while it runs). When the proxy was not running at
// midnight, the equity at 00:00 the ledger reconstructed from the exchange's fills, flows,
// balances and candle prices is the opening when there is one (the same figure the investment
// results start "today" from); else the first snapshot of the day is, and only flows after it count.
import { type Dec, div, isZero, mul, sub, sum } from '../decimal.js';
import { type SampledList, type UnreadList, unreadFlowLists } from './unread.js';

export const KST_OFFSET_MS = 9 * 3600_000;
export const DAY_MS = 24 * 3600_000;

/** 00:00 KST of the KST day that contains `ts` (epoch ms). */
export function kstDayStart(ts: number): number {
  return Math.floor((ts + KST_OFFSET_MS) / DAY_MS) * DAY_MS - KST_OFFSET_MS;
}

export interface EquityPoint {
  ts: number;
  equityKrw: Dec;
}

export type FlowKind = 'deposit' | 'withdrawal' | 'transferIn' | 'transferOut';

export interface Flow {
  ts: number;
  kind: FlowKind;
  /** KRW value at the time of the flow, unsigned; the kind gives the direction. */
  valueKrw: Dec;
}

export interface DayPnlResult {
  dayStart: number;
  opening: EquityPoint | null;
  /** The opening is the ledger's reconstruction of 00:00, not a snapshot taken then. */
  openingEstimated: boolean;
  current: Dec | null;
  /** Deposits + transfers in - withdrawals - transfers out, after the opening. */
  netFlows: Dec;
  inflows: Dec;
  outflows: Dec;
  pnl: Dec | null;
  /** pnl / (opening + inflows), in percent, 2 dp; null when there is no base. */
  pct: Dec | null;
  /**
   * Flow lists the sampler could not read in its last round: a deposit among them would count as
   * profit, so the P&L is uncertain while this is not empty (shown as such, never as a plain figure).
   */
  unreadFlows: SampledList[];
}

const INFLOW: ReadonlySet<FlowKind> = new Set(['deposit', 'transferIn']);

/**
 * A snapshot older than this before 00:00 does not open the day: the proxy was stopped then, and the
 * equity moved (and money may have come in) between it and midnight.
 */
export const OPENING_MAX_AGE_MS = 10 * 60_000;

/** Whether a snapshot taken at `ts` can open the day starting at `dayStart` as its 00:00 value. */
export function opensAtMidnight(ts: number, dayStart: number): boolean {
  return ts <= dayStart && dayStart - ts <= OPENING_MAX_AGE_MS;
}

/**
 * The opening snapshot of the day starting at `dayStart`: the last one at or shortly before 00:00, else
 * the first one after it.
 */
export function openingPoint(points: readonly EquityPoint[], dayStart: number): EquityPoint | null {
  let before: EquityPoint | null = null;
  let after: EquityPoint | null = null;
  for (const p of points) {
    if (p.ts <= dayStart) {
      if (opensAtMidnight(p.ts, dayStart) && (!before || p.ts > before.ts)) before = p;
    } else if (!after || p.ts < after.ts) after = p;
  }
  return before ?? after;
}

/** The first minute's sample still counts as 00:00 (the sampler stamps on minute boundaries). */
const LATE_AFTER_MS = 120_000;

/**
 * When the day's P&L counts from, if later than 00:00 (the opening is a snapshot taken after
 * midnight: the proxy started later and the ledger could not rebuild 00:00); else null.
 */
export function countsFrom(day: Pick<DayPnlResult, 'opening' | 'dayStart'>): number | null {
  return day.opening && day.opening.ts > day.dayStart + LATE_AFTER_MS ? day.opening.ts : null;
}

export function dayPnl(input: {
  points: readonly EquityPoint[];
  flows: readonly Flow[];
  now: number;
  /** Live equity; the newest snapshot is used when absent. */
  currentEquity?: Dec | null;
  /** What the sampler could not read in its last round. */
  unread?: readonly UnreadList[] | null;
  /** The equity at 00:00 KST as the ledger reconstructed it; used when no snapshot is from then. */
  estimatedOpening?: Dec | null;
}): DayPnlResult {
  const unreadFlows = unreadFlowLists(input.unread);
  const dayStart = kstDayStart(input.now);
  let opening = openingPoint(
    input.points.filter((p) => p.ts <= input.now),
    dayStart,
  );
  const openingEstimated = input.estimatedOpening != null && (opening === null || opening.ts > dayStart);
  if (openingEstimated) opening = { ts: dayStart, equityKrw: input.estimatedOpening as Dec };
  let current = input.currentEquity ?? null;
  if (current === null) {
    let newest: EquityPoint | null = null;
    for (const p of input.points) if (p.ts <= input.now && (!newest || p.ts > newest.ts)) newest = p;
    current = newest && newest.ts > dayStart ? newest.equityKrw : (newest?.equityKrw ?? null);
  }
  const from = opening ? Math.max(dayStart, opening.ts) : dayStart;
  const counted = input.flows.filter((f) => f.ts > from && f.ts <= input.now);
  const inflows = sum(counted.filter((f) => INFLOW.has(f.kind)).map((f) => f.valueKrw));
  const outflows = sum(counted.filter((f) => !INFLOW.has(f.kind)).map((f) => f.valueKrw));
  const netFlows = sub(inflows, outflows);
  if (!opening || current === null) {
    return {
      dayStart,
      opening,
      openingEstimated,
      current,
      netFlows,
      inflows,
      outflows,
      pnl: null,
      pct: null,
      unreadFlows,
    };
  }
  const pnl = sub(sub(current, opening.equityKrw), netFlows);
  const base = sum([opening.equityKrw, inflows]);
  const pct = isZero(base) ? null : div(mul(pnl, '100'), base, 2);
  return { dayStart, opening, openingEstimated, current, netFlows, inflows, outflows, pnl, pct, unreadFlows };
}

/**
 * Several accounts' results added up (a desk total). Accounts without a P&L are left out of it; the
 * total is uncertain when any account's flows could not all be read.
 */
export function totalDayPnl(results: readonly DayPnlResult[]): {
  pnl: Dec | null;
  netFlows: Dec;
  uncertain: boolean;
} {
  const known = results.filter((r) => r.pnl !== null);
  return {
    pnl: known.length ? sum(known.map((r) => r.pnl as Dec)) : null,
    netFlows: sum(results.map((r) => r.netFlows)),
    uncertain: results.some((r) => r.unreadFlows.length > 0),
  };
}
