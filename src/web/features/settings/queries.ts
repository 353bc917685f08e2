// Key profiles through the proxy's profiles API. The secret travels once, in the POST body, and is
// never read back: the proxy answers with public profile fields only.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckedKey, ProfileAdded, ProfilesList } from '../../../core/proxyApi/session.js';
import { proxyDelete, proxyGet, proxyPost } from '../../lib/api.js';
import { qk } from '../../lib/queryKeys.js';

export interface NewProfile {
  label: string;
  apiKey: string;
  type: 'hmac-sha256' | 'ed25519';
  secret?: string;
  privateKeyPem?: string;
  allowWithdrawals: boolean;
  /** live | former | http(s) URL; the proxy's own upstream when absent. */
  upstream?: string;
  /** Seals the keystore with this passphrase (a key for the live exchange; write-only, like the secret). */
  passphrase?: string;
  /** The user chose explicitly to keep the keystore unencrypted. */
  storePlain?: true;
}

export function useProfiles() {
  return useQuery({ queryKey: qk.profiles(), queryFn: () => proxyGet<ProfilesList>('/profiles') });
}

function useProfileMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: qk.profiles() });
      void qc.invalidateQueries({ queryKey: qk.session() });
    },
  });
}

/** What the exchange says the new key may do (the proxy checks the key before saving it). */
/** What the exchange says the added key may do. */
export type AddedKeyInfo = CheckedKey;

export const useAddProfile = () =>
  useProfileMutation((p: NewProfile) => proxyPost<ProfileAdded>('/profiles', p));
export const useRemoveProfile = () =>
  useProfileMutation((id: string) => proxyDelete(`/profiles/${encodeURIComponent(id)}`));
export const useSetDefaultProfile = () =>
  useProfileMutation((id: string) => proxyPost(`/profiles/${encodeURIComponent(id)}/default`));
