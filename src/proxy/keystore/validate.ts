import { ed25519SeedFromPkcs8Pem } from '../../core/sign.js';
import type { ProfileFields } from './types.js';

export interface NewProfileInput {
  label?: unknown;
  apiKey?: unknown;
  type?: unknown;
  secret?: unknown;
  privateKeyPem?: unknown;
  upstream?: unknown;
  allowWithdrawals?: unknown;
}

/** A profile's fields once checked (keystore/types.ts ProfileFields). */
export type ValidProfileInput = ProfileFields;

/** Validates a new profile; error messages never quote the secret. */
export function validateProfileInput(input: NewProfileInput): ValidProfileInput {
  const { label, apiKey, type } = input;
  if (typeof apiKey !== 'string' || !/^[\x21-\x7e]{1,200}$/.test(apiKey)) {
    throw new Error('apiKey must be 1-200 printable ASCII characters');
  }
  if (type !== 'hmac-sha256' && type !== 'ed25519') throw new Error('type must be hmac-sha256 or ed25519');
  const raw = type === 'ed25519' ? (input.privateKeyPem ?? input.secret) : input.secret;
  if (typeof raw !== 'string' || raw.trim() === '') {
    throw new Error(type === 'ed25519' ? 'privateKeyPem is required' : 'secret is required');
  }
  const secret = type === 'ed25519' ? raw.trim().concat('\n') : raw.trim();
  if (type === 'ed25519') {
    try {
      ed25519SeedFromPkcs8Pem(secret);
    } catch {
      throw new Error('privateKeyPem is not an ED25519 PKCS#8 PEM private key');
    }
  } else if (secret.length > 512) {
    throw new Error('secret is too long');
  }
  const lbl = typeof label === 'string' && label.trim() ? label.trim().slice(0, 80) : apiKey.slice(0, 4);
  if (input.upstream !== undefined && input.upstream !== null && typeof input.upstream !== 'string') {
    throw new Error('upstream must be a string');
  }
  const upstream = typeof input.upstream === 'string' && input.upstream ? input.upstream : undefined;
  return {
    label: lbl,
    apiKey,
    type,
    secret,
    ...(upstream ? { upstream } : {}),
    allowWithdrawals: input.allowWithdrawals === true,
  };
}
