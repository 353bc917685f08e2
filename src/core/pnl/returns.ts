// Time-weighted and money-weighted returns over a period. Money stays in big.js; only the rate itself
// (and the discount factor derived from it) is a float.
import Big from 'big.js';

export interface FlowPoint {
  at: number;
  /** Signed KRW value into the scope at `at`. */
  value: Big;
  /** Equity right after every event at `at` (the flow included). */
  equityAfter: Big;
}

/**
 * Sub-periods split at each flow: r = equity just before the flow / equity just after the previous
 * one - 1, chained. A sub-period starting at zero or less equity has no return and is skipped.
 */
export function timeWeighted(startEquity: Big, endEquity: Big, flows: readonly FlowPoint[]): number | null {
  let base = startEquity;
  let growth = new Big(1);
  let any = false;
  const step = (end: Big) => {
    if (base.gt(0)) {
      growth = growth.times(end.div(base));
      any = true;
    }
  };
  for (const f of flows) {
    step(f.equityAfter.minus(f.value));
    base = f.equityAfter;
  }
  step(endEquity);
  return any ? Number(growth.minus(1).toPrecision(15)) : null;
}

export interface CashFlow {
  /** Position in the period, 0..1. */
  x: number;
  /** From the investor's side: money put in is negative, money taken out (and the end value) positive. */
  amount: Big;
}

const npv = (flows: readonly CashFlow[], r: number): Big => {
  let s = new Big(0);
  for (const f of flows) {
    const factor = (1 + r) ** -f.x;
    s = s.plus(f.amount.times(factor.toPrecision(17)));
  }
  return s;
};

/**
 * The period rate R with sum(amount * (1 + R)^-x) = 0 (an IRR over the period, not annualized),
 * by bisection with at most 200 steps; null when the flows do not change sign or no root is bracketed.
 */
export function moneyWeighted(flows: readonly CashFlow[]): number | null {
  const hasIn = flows.some((f) => f.amount.lt(0));
  const hasOut = flows.some((f) => f.amount.gt(0));
  if (!hasIn || !hasOut) return null;
  let lo = -0.999999;
  let hi = 1;
  let fLo = npv(flows, lo);
  let fHi = npv(flows, hi);
  for (let i = 0; i < 40 && fLo.s === fHi.s && !fHi.eq(0); i++) {
    hi *= 4;
    fHi = npv(flows, hi);
  }
  if (fLo.eq(0)) return lo;
  if (fHi.eq(0)) return hi;
  if (fLo.s === fHi.s) return null;
  for (let i = 0; i < 200 && hi - lo > 1e-12; i++) {
    const mid = (lo + hi) / 2;
    const fMid = npv(flows, mid);
    if (fMid.eq(0)) return mid;
    if (fMid.s === fLo.s) {
      lo = mid;
      fLo = fMid;
    } else hi = mid;
  }
  return Number(((lo + hi) / 2).toPrecision(12));
}
