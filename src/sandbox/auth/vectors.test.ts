/** The shared signing vectors (../shared/spec/signing-vectors.json) verify against the sandbox's Auth. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApiKeyRecord } from '../types.js';
import type { Users } from '../users/users.js';
import { Auth } from './verify.js';

const V = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, '../../core/fixtures/signing-vectors.json'), 'utf8'),
);
const T = 1764000000000;

function key(apiKey: string, k: Partial<ApiKeyRecord>): ApiKeyRecord {
  return {
    apiKey,
    userId: 1,
    type: 'hmac-sha256',
    permissions: [],
    whitelist: [],
    expiration: T + 1e9,
    status: 'activated',
    label: '',
    allowedAccountSeqs: [1, 2],
    createdAt: 0,
    ...k,
  };
}
const keys = new Map<string, ApiKeyRecord>([
  ['h', key('h', { secret: V.placeOrderHmac.secret })],
  ['e', key('e', { type: 'ed25519', publicKeyPem: V.ed25519Rfc8032Test1.publicKeyPem })],
]);
const auth = new Auth({ getKey: (k: string) => keys.get(k) } as unknown as Users, () => T);
const verify = (apiKey: string, rawQuery: string, rawBody: string) =>
  auth.verify({ apiKey, rawQuery, rawBody, ip: '127.0.0.1' });

describe('signing vectors', () => {
  it('HMAC order placement body (exact bytes, %3A in clientOrderId)', () => {
    expect(verify('h', '', V.placeOrderHmac.body).ok).toBe(true);
    expect(verify('h', '', V.placeOrderHmac.body.replace('%3A', ':')).ok).toBe(false);
  });

  it('ED25519 order placement body (URL-encoded base64 signature)', () => {
    expect(verify('e', '', V.placeOrderEd25519.body).ok).toBe(true);
    expect(verify('e', '', V.placeOrderEd25519.body.replace('qty=0.0015', 'qty=0.0016')).ok).toBe(false);
  });

  it('HMAC lookup in the query string', () => {
    expect(verify('h', `${V.getOrderHmac.query}&signature=${V.getOrderHmac.signature}`, '').ok).toBe(true);
  });

  it('space as +, & and = and non-ASCII escaped', () => {
    const raw = `${V.encodingEdgeCase.stringToSign}&signature=${V.encodingEdgeCase.hmacSignature}`;
    expect(verify('h', raw, '').ok).toBe(true);
  });

  it('query plus body concatenated with nothing between', () => {
    const q = V.queryPlusBodyHmac;
    expect(verify('h', q.query, `${q.body}&signature=${q.signature}`).ok).toBe(true);
    expect(verify('h', `${q.query}&signature=${q.signature}`, q.body).ok).toBe(true);
  });
});
