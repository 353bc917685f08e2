// The ledger's state for a scope, pure: how far back it reaches, whether a sync runs, the last sync and
// error, the gaps that touch a period, and the lists the last sync could not read.
import { accountKey, type LedgerAccountStatus, type LedgerStatusGap, type Scope } from './api.js';

export interface SyncSummary {
  accounts: number;
  /** The latest of the accounts' oldest reach: before it, some account's history is missing. */
  reachesBack: number | null;
  syncing: boolean;
  lastSyncAt: number | null;
  lastError: { code: string; at: number } | null;
  /** Gaps overlapping the period. */
  gaps: LedgerStatusGap[];
  /** Lists whose last read failed (the figures may lack their rows). */
  unreadLists: string[];
  everSynced: boolean;
}

export function inScope(accounts: readonly LedgerAccountStatus[], scope: Scope): LedgerAccountStatus[] {
  return scope === 'all' ? [...accounts] : accounts.filter((a) => accountKey(a) === scope);
}

export function syncSummary(
  accounts: readonly LedgerAccountStatus[],
  scope: Scope,
  period: { from: number; to: number },
): SyncSummary {
  const list = inScope(accounts, scope);
  let reachesBack: number | null = null;
  let lastSyncAt: number | null = null;
  let lastError: SyncSummary['lastError'] = null;
  const gaps: LedgerStatusGap[] = [];
  const unread = new Set<string>();
  for (const a of list) {
    if (a.oldestReached !== null) reachesBack = Math.max(reachesBack ?? a.oldestReached, a.oldestReached);
    if (a.lastSyncAt !== null) lastSyncAt = Math.max(lastSyncAt ?? 0, a.lastSyncAt);
    if (a.lastError && (!lastError || a.lastError.at > lastError.at))
      lastError = { code: a.lastError.code, at: a.lastError.at };
    for (const g of a.gaps) if (g.from < period.to && g.to > period.from) gaps.push(g);
    for (const l of a.lists ?? []) if (l.lastError) unread.add(l.list);
  }
  return {
    accounts: list.length,
    reachesBack,
    syncing: list.some((a) => a.syncing),
    lastSyncAt,
    lastError,
    gaps,
    unreadLists: [...unread].sort(),
    everSynced: list.some((a) => a.syncedUntil !== null),
  };
}
