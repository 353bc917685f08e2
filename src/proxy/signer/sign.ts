import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { encodeParams, type Param } from '../../core/encode.js';
import { ed25519SeedFromPkcs8Pem, type SigningKey, signParams } from '../../core/sign.js';
import type { StoredProfile } from '../keystore/types.js';

/** Names the proxy owns; a browser-supplied value for them is dropped. */
export const RESERVED_PARAMS = new Set(['timestamp', 'signature', 'recvWindow']);

const seedCache = new WeakMap<StoredProfile, Uint8Array>();
const hmacKeyCache = new WeakMap<StoredProfile, KeyObject>();

/** HMAC-SHA256 hex with node:crypto (the Node side; core's runtime-neutral version is ~3x slower). */
function hmacHex(profile: StoredProfile, message: string): string {
  let key = hmacKeyCache.get(profile);
  if (!key) {
    key = createSecretKey(Buffer.from(profile.secret, 'utf8'));
    hmacKeyCache.set(profile, key);
  }
  return createHmac('sha256', key).update(message, 'utf8').digest('hex');
}

export function signingKeyOf(profile: StoredProfile): SigningKey {
  if (profile.type === 'hmac-sha256') return { type: 'hmac-sha256', secret: profile.secret };
  let seed = seedCache.get(profile);
  if (!seed) {
    seed = ed25519SeedFromPkcs8Pem(profile.secret);
    seedCache.set(profile, seed);
  }
  return { type: 'ed25519', seed };
}

/**
 * Appends timestamp (and recvWindow) to the caller's params, encodes them once, signs those exact
 * bytes and appends `&signature=` last. The returned string is sent as-is (query or body).
 */
export function signRequestParams(
  params: readonly Param[],
  profile: StoredProfile,
  timestamp: number,
  recvWindow?: number,
): string {
  const all: Param[] = params.filter(([k]) => !RESERVED_PARAMS.has(k));
  all.push(['timestamp', String(timestamp)]);
  if (recvWindow !== undefined) all.push(['recvWindow', String(recvWindow)]);
  if (profile.type !== 'hmac-sha256') return signParams(all, signingKeyOf(profile)); // @noble/ed25519
  const unsigned = encodeParams(all); // the exact bytes that are sent, signature appended last
  const sigPart = encodeParams([['signature', hmacHex(profile, unsigned)]]);
  return unsigned ? `${unsigned}&${sigPart}` : sigPart;
}

export function encodeUnsigned(params: readonly Param[]): string {
  return encodeParams(params.filter(([k]) => !RESERVED_PARAMS.has(k)));
}
