// The proxy's own session API (GET /api/session, /api/profiles): what the browser may see of the key
// profiles (never a secret) and of each profile's key health. The proxy builds these answers; the
// dashboard reads them.

export type KeyType = 'hmac-sha256' | 'ed25519';

/** What the browser may see of a key profile (contract section 3). */
export interface PublicProfile {
  id: string;
  label: string;
  type: KeyType;
  apiKeyHint: string;
  upstream?: string;
  allowWithdrawals: boolean;
}

/** Where the proxy saw a key problem: the private stream refused, or a REST call was refused. */
export type ProblemSeen = 'stream' | 'rest';

/** The key problem the exchange last told for a profile. */
export interface KeyProblem {
  code: string;
  since: number;
  seen: ProblemSeen;
}

/** GET /api/session. */
export interface Session {
  upstream: { name: string; restUrl: string; live: boolean };
  profiles: PublicProfile[];
  defaultProfileId: string | null;
  clockOffsetMs: number;
  recvWindow: number;
  /** Key problems per profile id (absent: none known). */
  profileHealth?: Record<string, KeyProblem>;
}

/** What the exchange says a new key may do (POST /api/profiles answers it beside the profile). */
export interface CheckedKey {
  type: string;
  status: string;
  permissions: string[];
  allowedAccountSeqs: number[];
  expiration: number | null;
}

/** POST /api/profiles: the profile added, its key check and the new list. */
export interface ProfileAdded extends ProfilesList {
  profile: PublicProfile;
  keyInfo?: CheckedKey;
}

/** GET /api/profiles. */
export interface ProfilesList {
  profiles: PublicProfile[];
  defaultProfileId: string | null;
  /** A keystore passphrase is in effect: every key is stored sealed (absent from older proxies). */
  keystoreEncrypted?: boolean;
}
