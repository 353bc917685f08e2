// Every account the monitor shows: for each key profile, the accounts its key may touch.
// Several profiles of the same user (same userUuid) show each account once (the first profile wins).
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { z } from 'zod/mini';
import { keyInfoSchema } from '../../../core/schemas/account.js';
import { apiGet } from '../api.js';
import { qk } from '../queryKeys.js';
import type { Profile } from '../session.js';
import { fetchNamedAccounts } from './AccountSelect.js';

export type KeyInfo = z.infer<typeof keyInfoSchema>;

export interface MonitorEntry {
  id: string;
  profileId: string;
  profileLabel: string;
  accountSeq: number;
  accountName: string;
  keyInfo: KeyInfo;
}

export interface MonitorEntryInput {
  profile: { id: string; label: string };
  keyInfo: KeyInfo | undefined;
  accounts: { accountSeq: number; accountName: string }[] | undefined;
}

/** Pure: flatten profiles x allowed accounts, deduplicated by user and account. */
export function monitorEntries(inputs: readonly MonitorEntryInput[]): MonitorEntry[] {
  const seen = new Set<string>();
  const out: MonitorEntry[] = [];
  for (const { profile, keyInfo, accounts } of inputs) {
    if (!keyInfo) continue;
    for (const seq of [...keyInfo.allowedAccountSeqs].sort((a, b) => a - b)) {
      const owner = keyInfo.userUuid ?? `profile:${profile.id}`;
      const dedupe = `${owner}:${seq}`;
      if (seen.has(dedupe)) continue;
      seen.add(dedupe);
      out.push({
        id: `${profile.id}:${seq}`,
        profileId: profile.id,
        profileLabel: profile.label,
        accountSeq: seq,
        accountName: accounts?.find((a) => a.accountSeq === seq)?.accountName ?? '',
        keyInfo,
      });
    }
  }
  return out;
}

const combineData = <T>(results: { data?: T; isPending: boolean; isError: boolean; error: unknown }[]) => ({
  data: results.map((r) => r.data),
  loading: results.some((r) => r.isPending),
  errors: results.filter((r) => r.isError).map((r) => r.error),
});

export function useMonitorAccounts(profiles: readonly Profile[]) {
  const keyInfos = useQueries({
    queries: profiles.map((p) => ({
      queryKey: qk.keyInfo(p.id),
      queryFn: () => apiGet('/v2/currentKeyInfo', undefined, { profileId: p.id, schema: keyInfoSchema }),
      staleTime: 60_000,
    })),
    combine: combineData<KeyInfo>,
  });
  const accounts = useQueries({
    queries: profiles.map((p) => ({
      queryKey: qk.namedAccounts(p.id),
      queryFn: () => fetchNamedAccounts(p.id),
      staleTime: 60_000,
    })),
    combine: combineData<{ accountSeq: number; accountName: string }[]>,
  });
  const kiData = keyInfos.data;
  const accData = accounts.data;
  const entries = useMemo(
    () => monitorEntries(profiles.map((p, i) => ({ profile: p, keyInfo: kiData[i], accounts: accData[i] }))),
    [profiles, kiData, accData],
  );
  return { entries, loading: keyInfos.loading, errors: keyInfos.errors };
}
