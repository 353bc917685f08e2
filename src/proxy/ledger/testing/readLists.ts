// Test and bench scaffolding: an account whose every ledger list the sync has read, from `from` (its
// first read reached back to there) up to `until`, as the sync records it (one cursor move per list).
import { LEDGER_LISTS } from '../records.js';
import type { LedgerStore } from '../store.js';

export function markListsRead(
  store: LedgerStore,
  owner: string,
  accountSeq: number,
  from: number,
  until: number,
): void {
  for (const list of LEDGER_LISTS)
    store.commit(owner, accountSeq, [], { list, part: '', syncedUntil: until, oldestReached: from });
}
