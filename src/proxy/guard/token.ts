import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const SESSION_COOKIE = 'kapi_session';

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The expected token's hash, kept while the token stays the same (it is asked on every request). */
let expectedMemo: { token: string; hash: Buffer } | null = null;

/** Constant-time comparison (hashing first makes the lengths equal). */
export function tokensEqual(given: string | undefined | null, expected: string): boolean {
  if (typeof given !== 'string' || given.length === 0 || given.length > 512) return false;
  const a = createHash('sha256').update(given).digest();
  if (expectedMemo?.token !== expected) {
    expectedMemo = { token: expected, hash: createHash('sha256').update(expected).digest() };
  }
  return timingSafeEqual(a, expectedMemo.hash);
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function sessionCookie(token: string): string {
  return `${SESSION_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`;
}
