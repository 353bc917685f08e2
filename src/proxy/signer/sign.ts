import { createHmac, createPrivateKey, createSecretKey, type KeyObject, sign } from 'node:crypto';
import { encodeParams, type Param } from '../../core/encode.js';
import { ed25519SeedFromPkcs8Pem, type SigningKey } from '../../core/sign.js';
import type { StoredProfile } from '../keystore/types.js';

/** Names the proxy owns; a browser-supplied value for them is dropped. */
export const RESERVED_PARAMS = new Set(['timestamp', 'signature', 'recvWindow']);

const HEX = /^[0-9a-f]+$/;
const seedCache = new WeakMap<StoredProfile, Uint8Array>();
const keyCache = new WeakMap<StoredProfile, KeyObject>();

/** The profile's key as a node:crypto KeyObject, made once per stored profile object. */
function keyObject(profile: StoredProfile): KeyObject {
  let key = keyCache.get(profile);
  if (!key) {
    if (profile.type === 'hmac-sha256') key = createSecretKey(Buffer.from(profile.secret, 'utf8'));
    else {
      // the same check as core's reader: an ED25519 PKCS#8 key and nothing else
      ed25519SeedFromPkcs8Pem(profile.secret);
      key = createPrivateKey({ key: profile.secret, format: 'pem' });
    }
    keyCache.set(profile, key);
  }
  return key;
}

/**
 * The signature of `message` with node:crypto: HMAC-SHA256 lowercase hex, or ED25519 (deterministic,
 * RFC 8032) standard base64. Same bytes as core's runtime-neutral signer (src/core/sign.ts, @noble),
 * which is ~3x slower for HMAC and ~10x slower for ED25519; a test holds the two equal.
 */
function signatureOf(profile: StoredProfile, message: string): string {
  const key = keyObject(profile);
  if (profile.type === 'hmac-sha256') return createHmac('sha256', key).update(message, 'utf8').digest('hex');
  return sign(null, Buffer.from(message, 'utf8'), key).toString('base64');
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
  const unsigned = encodeParams(all); // the exact bytes that are sent, signature appended last
  const signature = signatureOf(profile, unsigned);
  // lowercase hex (HMAC) encodes as itself; base64 (ED25519) needs the form encoder for + / =
  const sigPart = HEX.test(signature) ? `signature=${signature}` : encodeParams([['signature', signature]]);
  return unsigned ? `${unsigned}&${sigPart}` : sigPart;
}

export function encodeUnsigned(params: readonly Param[]): string {
  return encodeParams(params.filter(([k]) => !RESERVED_PARAMS.has(k)));
}
