import { randomBytes, timingSafeEqual } from 'node:crypto';

export const SESSION_COOKIE = 'kapi_session';

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The expected token's bytes, kept while the token stays the same (it is asked on every request). */
let expectedMemo: { token: string; bytes: Buffer } | null = null;

/**
 * Constant-time comparison of the bytes. Only the length may show in the timing, and a token's
 * length is no secret (newSessionToken: always 43 characters).
 */
export function tokensEqual(given: string | undefined | null, expected: string): boolean {
  if (typeof given !== 'string' || given.length === 0 || given.length > 512) return false;
  if (expectedMemo?.token !== expected)
    expectedMemo = { token: expected, bytes: Buffer.from(expected, 'utf8') };
  const a = Buffer.from(given, 'utf8');
  return a.length === expectedMemo.bytes.length && timingSafeEqual(a, expectedMemo.bytes);
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  // scanned in place (asked on every request): `name=value` pairs separated by ';'
  let start = 0;
  while (start <= header.length) {
    let end = header.indexOf(';', start);
    if (end < 0) end = header.length;
    const eq = header.indexOf('=', start);
    if (eq >= 0 && eq < end && header.slice(start, eq).trim() === name)
      return header.slice(eq + 1, end).trim();
    start = end + 1;
  }
  return undefined;
}

export function sessionCookie(token: string): string {
  return `${SESSION_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`;
}
