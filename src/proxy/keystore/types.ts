import type { KeyType, PublicProfile } from '../../core/proxyApi/session.js';

export type { KeyType, PublicProfile };

/** What a profile is made of, as checked on entry (validate.ts). `secret` is the HMAC secret or the ED25519
 *  PKCS#8 PEM. Never leaves the proxy. */
export interface ProfileFields {
  label: string;
  apiKey: string;
  type: KeyType;
  secret: string;
  upstream?: string;
  allowWithdrawals: boolean;
}

/** A stored profile: its fields, with the id and time the keystore gave it. */
export interface StoredProfile extends ProfileFields {
  id: string;
  createdAt: number;
}

export function apiKeyHint(apiKey: string): string {
  if (apiKey.length <= 10) return `${apiKey.slice(0, 2)}…`;
  return `${apiKey.slice(0, 4)}…${apiKey.slice(-4)}`;
}

export function toPublicProfile(p: StoredProfile): PublicProfile {
  return {
    id: p.id,
    label: p.label,
    type: p.type,
    apiKeyHint: apiKeyHint(p.apiKey),
    ...(p.upstream ? { upstream: p.upstream } : {}),
    allowWithdrawals: p.allowWithdrawals,
  };
}
