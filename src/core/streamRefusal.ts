// A refused stream handshake (and a refused REST call) read the way the vendor's client reads it
// (korbit-cli internal/stream/conn.go, upgradeError and connManager.run; docs/api-decisions.md
// "Refusals are told, not looped"): the symbolic code is the error envelope's `error.message`;
// EXCEED_TIME_WINDOW resyncs the clock and retries at once, once; any other coded 4xx but 429 is
// final (reconnecting cannot fix it); a 4xx without the envelope may come from an intermediary and,
// like 429, 5xx and network failures, is retried with backoff and jitter.

/**
 * Codes that say the key itself is unusable as configured: expired, unknown, deactivated, wrong
 * secret, calling IP not whitelisted, missing permission. On any call they mark the key profile.
 */
export const KEY_PROBLEM_CODES: ReadonlySet<string> = new Set([
  'KEY_EXPIRED',
  'KEY_NOT_FOUND',
  'KEY_DEACTIVATED',
  'INVALID_SIGNATURE',
  'IP_NOT_ALLOWED',
  'PERMISSION_DENIED',
  'NO_API_KEY',
]);

export function isKeyProblemCode(code: string | null | undefined): boolean {
  return typeof code === 'string' && KEY_PROBLEM_CODES.has(code);
}

/**
 * - timeWindow: resync the clock from /v2/time and retry at once (once per refusal streak).
 * - stop: a coded, definitive refusal; the connection stops retrying until the key or the
 *   user's request changes something.
 * - backoff: anything else (no envelope, 429, 5xx): retry later with backoff and jitter.
 */
export type RefusalAction = 'timeWindow' | 'stop' | 'backoff';

export interface HandshakeRefusal {
  status: number;
  /** The envelope's symbolic code, or null when the body carried none. */
  code: string | null;
}

export function classifyHandshakeRefusal(r: HandshakeRefusal): RefusalAction {
  if (r.code === 'EXCEED_TIME_WINDOW') return 'timeWindow';
  if (r.code && r.status >= 400 && r.status < 500 && r.status !== 429) return 'stop';
  return 'backoff';
}

/** The symbolic code of an error envelope body (`{"success":false,"error":{"message":CODE}}`), or null. */
export function refusalCode(body: string): string | null {
  let v: unknown;
  try {
    v = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null) return null;
  const err = (v as { error?: unknown }).error;
  if (typeof err !== 'object' || err === null) return null;
  const msg = (err as { message?: unknown }).message;
  return typeof msg === 'string' && /^[A-Z][A-Z0-9_]{1,63}$/.test(msg) ? msg : null;
}
