// What GET /api/ledger/status says per account: how far back and up to when each list is read, the gaps
// grouped by stretch, the sync's state and the number of stored events.
import type { LedgerAccountStatus } from '../../core/proxyApi/ledger.js';
import type { GapView } from './events.js';
import type { LedgerList } from './records.js';
import type { KnownAccount, LedgerStore } from './store.js';
import { accountKey, type LedgerSync } from './sync.js';
import { REACH_NOTE } from './window.js';

/** What the status reads (service.ts LedgerService). */
export interface StatusSource {
  accounts(): KnownAccount[];
  readonly sync: Pick<LedgerSync, 'runtime'>;
  readonly store: LedgerStore;
  expected(a: KnownAccount): LedgerList[];
  gapsOf(a: KnownAccount, now: number): GapView[];
  syncedUntil(a: KnownAccount): number | null;
}

export function ledgerStatus(svc: StatusSource, now: number): LedgerAccountStatus[] {
  return svc.accounts().map((a) => {
    const rt = svc.sync.runtime.get(accountKey(a.profileId, a.accountSeq));
    const cursors = svc.store.cursors(a.owner, a.accountSeq);
    const lists = svc.expected(a).map((list) => {
      const mine = cursors.filter((c) => c.list === list);
      const reached = mine.map((c) => c.oldestReached).filter((x): x is number => x !== null);
      const err = rt?.listErrors.get(list);
      return {
        list,
        syncedUntil: mine.length ? Math.min(...mine.map((c) => c.syncedUntil)) : null,
        oldestReached: reached.length ? Math.min(...reached) : null,
        ...(err ? { lastError: err } : {}),
      };
    });
    const reached = lists.map((l) => l.oldestReached).filter((x): x is number => x !== null);
    const grouped = new Map<string, LedgerAccountStatus['gaps'][number]>();
    for (const g of svc.gapsOf(a, now)) {
      const k = `${g.from}|${g.to}|${g.reason}`;
      const e = grouped.get(k) ?? { from: g.from, to: g.to, lists: [], reason: g.reason };
      if (!e.lists.includes(g.list)) e.lists.push(g.list);
      grouped.set(k, e);
    }
    return {
      profileId: a.profileId,
      accountSeq: a.accountSeq,
      owner: a.owner,
      syncedUntil: svc.syncedUntil(a),
      oldestReached: reached.length ? Math.max(...reached) : null,
      reachLimitNote: REACH_NOTE,
      gaps: [...grouped.values()].sort((x, y) => x.from - y.from),
      syncing: rt?.syncing ?? false,
      lastSyncAt: rt?.lastSyncAt ?? null,
      ...(rt?.lastError ? { lastError: rt.lastError } : {}),
      eventCount: svc.store.eventCount(a.owner, a.accountSeq),
      lists,
    };
  });
}
