/** Proxy-made errors, in the exchange's envelope: {success:false, error:{code:<status>, message:<CODE>}}. */
export type ProxyErrorCode =
  | 'UPSTREAM_UNREACHABLE'
  | 'UPSTREAM_TIMEOUT'
  | 'UPSTREAM_INVALID_RESPONSE'
  | 'PROFILE_NOT_FOUND'
  | 'ENDPOINT_NOT_ALLOWED'
  | 'WITHDRAWALS_DISABLED'
  | 'QUEUE_FULL'
  | 'KEY_REJECTED'
  | 'FORBIDDEN_ORIGIN'
  | 'FORBIDDEN_FETCH_SITE'
  | 'BAD_HOST'
  | 'UNAUTHORIZED_SESSION'
  | 'UNSUPPORTED_CONTENT_TYPE'
  | 'BAD_REQUEST'
  | 'PAYLOAD_TOO_LARGE'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'ORDER_STATE_UNKNOWN'
  | 'KEYSTORE_LOCKED'
  | 'KEYSTORE_PASSPHRASE_REQUIRED'
  | 'PASSPHRASE_TOO_SHORT'
  | 'INTERNAL_ERROR';

export interface ErrorEnvelope {
  success: false;
  error: { code: number; message: string; description?: string };
}

export class ProxyError extends Error {
  constructor(
    readonly status: number,
    readonly code: ProxyErrorCode,
    readonly description?: string,
    /** Extra response headers (e.g. Retry-After and the rate-limit state on QUEUE_FULL). */
    readonly headers: Record<string, string> = {},
  ) {
    super(description ? `${code}: ${description}` : code);
    this.name = 'ProxyError';
  }
}

export function errorEnvelope(status: number, code: string, description?: string): ErrorEnvelope {
  return { success: false, error: { code: status, message: code, ...(description ? { description } : {}) } };
}

export function proxyErrorEnvelope(err: ProxyError): ErrorEnvelope {
  return errorEnvelope(err.status, err.code, err.description);
}
