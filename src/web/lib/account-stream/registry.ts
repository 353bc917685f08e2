// One account stream per (key profile, account) and query client (one per page).
import type { QueryClient } from '@tanstack/react-query';
import { AccountStream } from './accountStream.js';

const registry = new WeakMap<QueryClient, Map<string, AccountStream>>();

/** The account stream of (profile, account) for this query client (one per page). */
export function accountStream(qc: QueryClient, profileId: string, accountSeq: number): AccountStream {
  let m = registry.get(qc);
  if (!m) {
    m = new Map();
    registry.set(qc, m);
  }
  const key = `${profileId}|${accountSeq}`;
  let s = m.get(key);
  if (!s) {
    s = new AccountStream(qc, profileId, accountSeq);
    m.set(key, s);
  }
  return s;
}
