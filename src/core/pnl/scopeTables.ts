// A period query's tables for a scope: the day and flow tables of its accounts summed, once per scope
// (kept in the index's scopeCache until the index changes).
import Big from 'big.js';
import type { AccountEntry, PnlIndex } from './pnlIndex.js';
import { accountKey } from './replay.js';

export interface ScopeTables {
  dayEquity: Big[];
  dayFlows: Big[];
  flowEquity: Big[];
}

const ZERO = new Big(0);

const sumColumns = (rows: readonly Big[][], n: number): Big[] => {
  const out: Big[] = [];
  for (let i = 0; i < n; i++) {
    let s = ZERO;
    for (const r of rows) s = s.plus(r[i] as Big);
    out.push(s);
  }
  return out;
};

/** The day and flow tables summed over the scope's accounts, computed once per scope. */
export function scopeTables(index: PnlIndex, entries: readonly AccountEntry[]): ScopeTables {
  const key = entries
    .map((a) => accountKey(a.ref.profileId, a.ref.accountSeq))
    .sort()
    .join('\u0001');
  let t = index.scopeCache.get(key);
  if (!t) {
    t = {
      dayEquity: sumColumns(
        entries.map((a) => a.dayEquity),
        index.days + 1,
      ),
      dayFlows: sumColumns(
        entries.map((a) => a.dayFlows),
        index.days + 1,
      ),
      flowEquity: sumColumns(
        entries.map((a) => a.flowEquity),
        index.flowTimes.length,
      ),
    };
    index.scopeCache.set(key, t);
  }
  return t;
}
