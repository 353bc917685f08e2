// A period query's tables for a scope: the day and flow tables of its accounts summed, once per scope
// (kept in the index's scopeCache until the index changes).
import Big from 'big.js';
import { accountKey } from './replay.js';
import type { AccountRef } from './types.js';

export interface ScopeTables {
  dayEquity: Big[];
  dayFlows: Big[];
  flowEquity: Big[];
}

/** What a scope's tables are summed from: an account's tables (pnlIndex.ts AccountEntry). */
interface ScopeEntry {
  ref: AccountRef;
  dayEquity: Big[];
  dayFlows: Big[];
  flowEquity: Big[];
}

/** The part of the index the sums read and are kept in (pnlIndex.ts PnlIndex). */
interface ScopeSource {
  scopeCache: Map<string, ScopeTables>;
  days: number;
  flowTimes: readonly number[];
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
export function scopeTables(index: ScopeSource, entries: readonly ScopeEntry[]): ScopeTables {
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
