import { ProxyError } from '../errors.js';

export interface Envelope {
  success: boolean;
  data?: unknown;
  error?: { code?: unknown; message?: unknown; description?: unknown };
}

/** What a success answer told by its shape is, for a caller that reads only `success` (looksLikeSuccess). */
export const SHAPED_SUCCESS: Envelope = Object.freeze({ success: true });

/**
 * A success envelope told by its shape alone: `{"success":true` then `,` or `}`, and `}` last. For a
 * caller that sends the text on as it is and reads only `success` (the browser's calls: the page parses
 * the answer itself and has its own invalid-JSON error, web/lib/api.ts), so the proxy does not parse
 * every answer twice; an HTML page, an empty body or any other shape is still parsed and refused.
 */
export function looksLikeSuccess(text: string): boolean {
  const after = text.charCodeAt(SUCCESS_PREFIX.length);
  return (
    text.startsWith(SUCCESS_PREFIX) &&
    (after === COMMA || after === CLOSE) &&
    text.charCodeAt(text.length - 1) === CLOSE
  );
}
const SUCCESS_PREFIX = '{"success":true';
const COMMA = 44;
const CLOSE = 125;

/** Parses an upstream body; anything that is not a JSON envelope is UPSTREAM_INVALID_RESPONSE. */
export function parseEnvelope(text: string, status: number): Envelope {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new ProxyError(
      502,
      'UPSTREAM_INVALID_RESPONSE',
      `the exchange answered ${status} with a body that is not JSON`,
    );
  }
  if (typeof v !== 'object' || v === null || typeof (v as Envelope).success !== 'boolean') {
    throw new ProxyError(
      502,
      'UPSTREAM_INVALID_RESPONSE',
      `the exchange answered ${status} without an envelope`,
    );
  }
  return v as Envelope;
}

export function envelopeErrorCode(env: Envelope): string | undefined {
  if (env.success) return undefined;
  const m = env.error?.message;
  return typeof m === 'string' ? m : undefined;
}
