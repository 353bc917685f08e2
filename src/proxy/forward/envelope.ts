import { ProxyError } from '../errors.js';

export interface Envelope {
  success: boolean;
  data?: unknown;
  error?: { code?: unknown; message?: unknown; description?: unknown };
}

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
