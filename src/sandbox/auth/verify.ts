/**
 * Signed-request authentication (REST and the private WebSocket handshake): timestamp window,
 * key lookup, signature over the exact received bytes minus the `signature=` segment
 * (query string + body concatenated), key status/expiry, IP whitelist; permission and account checks.
 * Key objects are created once per key and cached.
 */
import crypto from 'node:crypto';
import { stripSignature } from '../../core/encode.js';
import type { AuthedKey, AuthService, VerifyInput } from '../context.js';
import { parseForm } from '../http/params.js';
import type { ApiKeyRecord, Result, SbxError } from '../types.js';
import type { Users } from '../users/users.js';

export const DEFAULT_RECV_WINDOW = 5000;
export const MAX_RECV_WINDOW = 60000;
export const FUTURE_TOLERANCE_MS = 1000;

const e = (status: number, code: string, description: string): SbxError => ({ status, code, description });
const fail = (err: SbxError): Result<AuthedKey> => ({ ok: false, error: err });

export class Auth implements AuthService {
  private readonly keyObjects = new Map<string, crypto.KeyObject>();

  constructor(
    private readonly users: Users,
    private readonly now: () => number,
  ) {}

  lookupKey(apiKey: string): ApiKeyRecord | undefined {
    return this.users.getKey(apiKey);
  }

  /** Drops a cached key object (after an admin change of the key). */
  invalidate(apiKey: string): void {
    this.keyObjects.delete(apiKey);
  }

  private keyObject(k: ApiKeyRecord): crypto.KeyObject {
    let ko = this.keyObjects.get(k.apiKey);
    if (!ko) {
      ko =
        k.type === 'hmac-sha256'
          ? crypto.createSecretKey(Buffer.from(k.secret ?? '', 'utf8'))
          : crypto.createPublicKey(k.publicKeyPem ?? '');
      this.keyObjects.set(k.apiKey, ko);
    }
    return ko;
  }

  verify(input: VerifyInput): Result<AuthedKey> {
    const q = stripSignature(input.rawQuery);
    const b = stripSignature(input.rawBody);
    let p = input.params;
    if (!p) {
      const params = parseForm(q.unsigned);
      if (!params.ok) return params;
      const all = parseForm(b.unsigned, params.value);
      if (!all.ok) return all;
      p = all.value;
    }
    const ts = p.get('timestamp');
    if (ts === undefined || !/^\d{1,15}$/.test(ts))
      return fail(e(400, 'NO_TIMESTAMP', 'timestamp (ms) is required.'));
    if (!input.apiKey) return fail(e(401, 'NO_API_KEY', 'The X-KAPI-KEY header is required.'));
    const key = this.users.getKey(input.apiKey);
    if (!key) return fail(e(400, 'KEY_NOT_FOUND', 'Unknown API key.'));
    const sigCount = q.count + b.count;
    if (sigCount === 0) return fail(e(400, 'NO_SIGNATURE', 'signature is required.'));
    if (sigCount > 1) return fail(e(400, 'BAD_REQUEST', 'signature is repeated.'));
    const rw = p.get('recvWindow');
    let recvWindow = DEFAULT_RECV_WINDOW;
    if (rw !== undefined) {
      if (!/^\d{1,5}$/.test(rw) || Number(rw) < 1 || Number(rw) > MAX_RECV_WINDOW) {
        return fail(
          e(400, 'INVALID_RECV_WINDOW', `recvWindow must be an integer from 1 to ${MAX_RECV_WINDOW}.`),
        );
      }
      recvWindow = Number(rw);
    }
    const now = this.now();
    const t = Number(ts);
    if (!(now - t <= recvWindow && t < now + FUTURE_TOLERANCE_MS)) {
      return fail(e(400, 'EXCEED_TIME_WINDOW', `timestamp is outside the window (server time ${now}).`));
    }
    const signature = (q.count ? q.signature : b.signature) ?? '';
    const message = q.unsigned + b.unsigned;
    if (!this.checkSignature(key, message, signature)) {
      return fail(e(401, 'INVALID_SIGNATURE', 'The signature does not match the received parameters.'));
    }
    if (key.status !== 'activated') return fail(e(401, 'KEY_DEACTIVATED', 'The API key is deactivated.'));
    if (key.expiration <= now) return fail(e(401, 'KEY_EXPIRED', 'The API key has expired.'));
    if (key.whitelist.length > 0 && !key.whitelist.includes(input.ip)) {
      return fail(e(403, 'IP_NOT_ALLOWED', 'The request IP is not on the key whitelist.'));
    }
    return { ok: true, value: { key, userId: key.userId } };
  }

  private checkSignature(key: ApiKeyRecord, message: string, signature: string): boolean {
    try {
      const ko = this.keyObject(key);
      if (key.type === 'hmac-sha256') {
        if (!/^[0-9a-f]{64}$/.test(signature)) return false;
        const mac = crypto.createHmac('sha256', ko).update(message, 'utf8').digest();
        return crypto.timingSafeEqual(mac, Buffer.from(signature, 'hex'));
      }
      if (!/^[A-Za-z0-9+/]{86}==$/.test(signature)) return false;
      return crypto.verify(null, Buffer.from(message, 'utf8'), ko, Buffer.from(signature, 'base64'));
    } catch {
      return false;
    }
  }

  checkPermission(key: ApiKeyRecord, permission: string): SbxError | null {
    return (key.permissions as string[]).includes(permission)
      ? null
      : e(403, 'PERMISSION_DENIED', `The API key lacks the ${permission} permission.`);
  }

  checkAccount(key: ApiKeyRecord, accountSeq: number): SbxError | null {
    return key.allowedAccountSeqs.includes(accountSeq)
      ? null
      : e(403, 'ACCOUNT_SEQ_NOT_ALLOWED', `The API key may not act on accountSeq ${accountSeq}.`);
  }
}
