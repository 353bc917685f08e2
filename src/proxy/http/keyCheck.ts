import type { CheckedKey } from '../../core/proxyApi/session.js';
import { ProxyError } from '../errors.js';
import type { Forwarder } from '../forward/forwarder.js';
import type { StoredProfile } from '../keystore/types.js';

/**
 * Asks the upstream about a key before it is saved (signed GET /v2/currentKeyInfo with the new key).
 * A key the exchange refuses (unknown, bad secret, expired, deactivated, IP not allowed) throws
 * KEY_REJECTED with the exchange's code; an unreachable upstream throws its own code, so nothing is
 * saved unchecked.
 */
export async function checkNewKey(forwarder: Forwarder, profile: StoredProfile): Promise<CheckedKey> {
  const r = await forwarder.execute({ method: 'GET', path: '/v2/currentKeyInfo', params: [], profile });
  if (!r.envelope.success) {
    const code =
      typeof r.envelope.error?.message === 'string' ? r.envelope.error.message : `HTTP_${r.status}`;
    throw new ProxyError(400, 'KEY_REJECTED', `the exchange refused this key: ${code}`);
  }
  const d = r.envelope.data as Record<string, unknown> | null;
  if (!d || typeof d !== 'object' || !Array.isArray(d.permissions)) {
    throw new ProxyError(502, 'UPSTREAM_INVALID_RESPONSE', 'the key check answered without permissions');
  }
  if (typeof d.type === 'string' && d.type !== profile.type) {
    throw new ProxyError(
      400,
      'KEY_REJECTED',
      `the exchange reports this key as ${d.type}, not ${profile.type}`,
    );
  }
  return {
    type: String(d.type ?? profile.type),
    status: String(d.status ?? ''),
    permissions: d.permissions.map(String),
    allowedAccountSeqs: Array.isArray(d.allowedAccountSeqs) ? d.allowedAccountSeqs.map(Number) : [],
    expiration: typeof d.expiration === 'number' ? d.expiration : null,
  };
}
