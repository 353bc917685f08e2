// Time-weighted and money-weighted returns over a period. Money stays in big.js; only the rate itself
// (and the discount factor derived from it) is a float.
import Big from 'big.js';
import { divRound } from './replay.js';

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
  let growth = 1;
  let any = false;
  const step = (end: Big) => {
    if (base.gt(0)) {
      // The money stays exact; each sub-period's ratio is a rate, chained as a float.
      growth *= Number(divRound(end, base, 17));
      any = true;
    }
  };
  for (const f of flows) {
    step(f.equityAfter.minus(f.value));
    base = f.equityAfter;
  }
  step(endEquity);
  return any ? growth - 1 : null;
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
 * The period rate R with sum(amount * (1 + R)^-x) = 0 (an IRR over the period, not annualized): the
 * root is bracketed, then found by regula falsi with the Illinois step (at most 100 steps). The net
 * present value is summed in big.js; only its float image steers the next rate. Null when the flows
 * do not change sign or no root is bracketed.
 */
export function moneyWeighted(flows: readonly CashFlow[]): number | null {
  const hasIn = flows.some((f) => f.amount.lt(0));
  const hasOut = flows.some((f) => f.amount.gt(0));
  if (!hasIn || !hasOut) return null;
  let a = -0.999999;
  let b = 1;
  let fa = npv(flows, a);
  let fb = npv(flows, b);
  for (let i = 0; i < 40 && fa.s === fb.s && !fb.eq(0); i++) {
    a = b;
    fa = fb;
    b *= 4;
    fb = npv(flows, b);
  }
  if (fa.eq(0)) return a;
  if (fb.eq(0)) return b;
  if (fa.s === fb.s) return null;
  let ya = Number(fa);
  let yb = Number(fb);
  let side = 0;
  let c = a;
  for (let i = 0; i < 100; i++) {
    const next = (a * yb - b * ya) / (yb - ya);
    c = next > a && next < b ? next : (a + b) / 2;
    const fc = npv(flows, c);
    if (fc.eq(0)) return c;
    if (fc.s === fb.s) {
      b = c;
      yb = Number(fc);
      fb = fc;
      if (side === -1) ya /= 2;
      side = -1;
    } else {
      a = c;
      ya = Number(fc);
      fa = fc;
      if (side === 1) yb /= 2;
      side = 1;
    }
    if (b - a < 1e-12 * Math.max(1, Math.abs(c))) break;
  }
  return Number(c.toPrecision(12));
}
