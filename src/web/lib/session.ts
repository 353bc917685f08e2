// Proxy session (upstream, key profiles, clock offset) and the active key profile / account.
import { useQuery } from '@tanstack/react-query';
import type { PublicProfile as Profile, Session } from '../../core/proxyApi/session.js';
import { accountSchema, keyInfoSchema } from '../../core/schemas/account.js';
import { tolerantArray } from '../../core/schemas/tolerant.js';
import { usePrefs } from '../store/prefs.js';
import { apiGet, proxyGet } from './api.js';
import { gate } from './gate.js';
import { qk } from './queryKeys.js';
import type { Account, KeyInfo } from './types.js';
import { setClockOffset } from './ws.js';

/** A key profile as the browser sees it; Session is GET /api/session (key problems: lib/live/keyProblem.ts). */
export type { Profile, Session };

/** GET /api/session (also started at boot, in parallel with the first data calls: app/startup.ts). */
export async function fetchSession(): Promise<Session> {
  const s = await proxyGet<Session>('/session');
  setClockOffset(s.clockOffsetMs ?? 0);
  return s;
}

export function useSession() {
  return useQuery({
    queryKey: qk.session(),
    queryFn: fetchSession,
    staleTime: 30_000,
    refetchInterval: 60_000,
    retry: 1,
  });
}

/** The key profile in use: the user's choice when it still exists, else the proxy's default. */
export function useActiveProfile(): Profile | null {
  const { data } = useSession();
  const chosen = usePrefs((s) => s.profileId);
  if (!data) return null;
  return (
    data.profiles.find((p) => p.id === chosen) ??
    data.profiles.find((p) => p.id === data.defaultProfileId) ??
    data.profiles[0] ??
    null
  );
}

export function useActiveProfileId(): string | null {
  return useActiveProfile()?.id ?? null;
}

/** The account (accountSeq) in use; 1 = main account. */
export function useActiveAccountSeq(): number {
  return usePrefs((s) => s.accountSeq);
}

export function useKeyInfo(profileId: string | null | undefined) {
  return useQuery<KeyInfo>({
    queryKey: qk.keyInfo(profileId),
    queryFn: () => apiGet('/v2/currentKeyInfo', undefined, { profileId, schema: keyInfoSchema }),
    enabled: !!profileId,
    staleTime: 60_000,
  });
}

/** GET /v2/accounts, restricted to the key's allowedAccountSeqs when known. */
export function useAccounts() {
  const profileId = useActiveProfileId();
  const keyInfo = useKeyInfo(profileId);
  const q = useQuery<Account[]>({
    queryKey: qk.accounts(profileId),
    queryFn: () =>
      apiGet('/v2/accounts', undefined, { profileId, schema: tolerantArray(accountSchema, 'account') }),
    enabled: !!profileId,
    staleTime: 60_000,
  });
  const allowed = keyInfo.data?.allowedAccountSeqs;
  const data = q.data && allowed ? q.data.filter((a) => allowed.includes(a.accountSeq)) : q.data;
  return { ...q, data };
}

/**
 * May this key do `permission` on `accountSeq` (default: the main account)? Pure; the same rule as
 * `gate()`, which also says why not (views show that reason on the disabled control).
 */
export function can(keyInfo: KeyInfo | null | undefined, permission: string, accountSeq = 1): boolean {
  return gate(keyInfo, { permission, accountSeq }).ok;
}

/** Hook: may the active key do `permission` on `accountSeq`? `undefined` while key info is loading. */
export function useCan(permission: string, accountSeq = 1): boolean | undefined {
  const profileId = useActiveProfileId();
  const { data } = useKeyInfo(profileId);
  if (!data) return undefined;
  return can(data, permission, accountSeq);
}
