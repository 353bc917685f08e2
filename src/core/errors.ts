// Error codes as values: every failure that reaches a user carries a symbolic code and a sentence.

const DESCRIPTIONS = {
  // Generic request errors
  BAD_REQUEST: 'The request is missing a parameter or has an invalid one.',
  NOT_FOUND: 'No such endpoint or record.',
  METHOD_NOT_ALLOWED: 'This method is not allowed on this path.',
  PAYLOAD_TOO_LARGE: 'The request body is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'The request body has an unsupported content type.',
  TOO_MANY_REQUESTS: 'Rate limit exceeded; wait for the reset before retrying.',
  INTERNAL_ERROR: 'The server failed to process the request.',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable.',
  TRY_AGAIN: 'A transient failure occurred; try again.',
  FORBIDDEN: 'This request is not allowed from here.',
  CONFLICT: 'The request conflicts with the current state.',
  SIMULATION_OFF: 'The market simulation is switched off for this pair.',
  // Authentication and authorisation
  NO_API_KEY: 'The X-KAPI-KEY header is missing.',
  NO_TIMESTAMP: 'The timestamp parameter is missing or invalid.',
  NO_SIGNATURE: 'The signature parameter is missing.',
  KEY_NOT_FOUND: 'The API key does not exist.',
  INVALID_SIGNATURE: 'The signature does not match the request.',
  INVALID_RECV_WINDOW: 'recvWindow must be a whole number of milliseconds up to 60000.',
  EXCEED_TIME_WINDOW: 'The request timestamp is outside the allowed time window; check the clock.',
  PERMISSION_DENIED: 'The API key lacks the permission this request needs.',
  IP_NOT_ALLOWED: "The request's IP address is not on the key's whitelist.",
  KEY_EXPIRED: 'The API key has expired.',
  KEY_DEACTIVATED: 'The API key is deactivated.',
  ACCOUNT_SEQ_NOT_ALLOWED: 'The API key may not act on this account.',
  ACCOUNT_NOT_FOUND: 'No such account.',
  INVALID_USER_STATUS: 'The user may not trade in the current status.',
  // Markets and orders
  INVALID_CURRENCY_PAIR: 'Unknown trading pair (symbols are lowercase, e.g. btc_krw).',
  INVALID_CURRENCY: 'Unknown currency.',
  INVALID_INTERVAL: 'Unknown candle interval.',
  CURRENCY_PAIR_STOPPED: 'Trading is stopped for this pair.',
  DUPLICATE_CLIENT_ORDER_ID: 'An order with this clientOrderId already exists.',
  NO_BALANCE: 'Insufficient balance.',
  ONLY_SELL_LIMIT_ORDERS_ALLOWED: 'Only sell limit orders are allowed for this pair now.',
  ORDER_VALUE_TOO_SMALL: "The order value is below the pair's minimum.",
  ORDER_VALUE_TOO_LARGE: "The order value is above the pair's maximum.",
  PRICE_OVER_UPPER_BOUND: 'The price is above the allowed upper bound.',
  PRICE_UNDER_LOWER_BOUND: 'The price is below the allowed lower bound.',
  PRICE_TICK_SIZE_INVALID: 'The price is not a multiple of the tick size.',
  TOO_MANY_OPEN_ORDERS: 'Too many open orders for this account and pair.',
  ORDER_NOT_FOUND: 'The order does not exist (or is no longer retrievable).',
  ORDER_ALREADY_CANCELED: 'The order is already canceled.',
  ORDER_ALREADY_FILLED: 'The order is already filled.',
  ORDER_ALREADY_EXPIRED: 'The order has already expired.',
  // Funding and transfers
  CANNOT_CANCEL_WITHDRAWAL: 'This withdrawal can no longer be canceled.',
  DAILY_LIMIT_EXCEEDED: 'The daily withdrawal limit would be exceeded.',
  FORBIDDEN_WITHDRAWAL_ADDRESS: 'Withdrawals to this address are forbidden.',
  UNREGISTERED_WITHDRAWAL_ADDRESS: 'The address is not a registered withdrawal address.',
  WITHDRAWAL_ALREADY_FINISHED: 'The withdrawal has already finished.',
  WITHDRAWAL_ALREADY_IN_PROGRESS: 'The withdrawal is already being processed.',
  WITHDRAWAL_SUSPENDED: 'Withdrawals of this currency or network are suspended.',
  WITHDRAWAL_AMOUNT_TOO_SMALL: 'The amount is below the minimum withdrawal for this network.',
  WITHDRAWAL_AMOUNT_TOO_LARGE: 'The amount is above the maximum per withdrawal request.',
  DEPOSIT_SUSPENDED: 'Deposits of this currency or network are suspended.',
  INVALID_NETWORK: 'Unknown network for this currency.',
  ADDRESS_ALREADY_EXISTS: 'A deposit address already exists for this currency and network.',
  TRANSFER_NOT_FOUND: 'No such account transfer.',
  SAME_ACCOUNT_TRANSFER: 'The source and destination accounts are the same.',
  // Proxy
  UPSTREAM_UNREACHABLE: 'The exchange could not be reached.',
  UPSTREAM_TIMEOUT: 'The exchange did not answer in time; the outcome is unknown until checked.',
  UPSTREAM_INVALID_RESPONSE: 'The exchange sent an answer that could not be understood.',
  PROFILE_NOT_FOUND: 'No such key profile.',
  NO_PROFILE: 'No API key is configured; add one in Settings.',
  ENDPOINT_NOT_ALLOWED: 'The proxy does not forward this endpoint.',
  WITHDRAWALS_DISABLED: 'Withdrawals are disabled for this key profile in the proxy.',
  QUEUE_FULL: 'Too many requests are waiting for the rate limit; try again shortly.',
  KEY_REJECTED: 'The exchange refused this API key, so the profile was not saved.',
  FORBIDDEN_ORIGIN: 'Requests from this origin are refused.',
  BAD_HOST: 'The Host header is not allowed.',
  UNAUTHORIZED_SESSION: 'The dashboard session is missing or invalid; reopen the start URL.',
  UNSUPPORTED_CONTENT_TYPE: 'Write requests must be JSON.',
  FORBIDDEN_FETCH_SITE: 'Requests sent from another site are refused.',
  KEYSTORE_LOCKED: 'The keystore is locked; start the proxy with its passphrase (KAPI_PASSPHRASE).',
  KEYSTORE_PASSPHRASE_REQUIRED:
    'A key for the live exchange is stored encrypted: set a keystore passphrase, or choose explicitly to store it unencrypted.',
  PASSPHRASE_TOO_SHORT: 'The keystore passphrase needs at least 8 characters.',
  HEADERS_TOO_LARGE: 'The request headers are too large.',
  REQUEST_TIMEOUT: 'The request did not arrive in time.',
  SANDBOX_ONLY: 'Demo scenarios run only against the local sandbox.',
  // Proxy: streams
  INVALID_REQUEST: 'The stream request is malformed (type, symbols or requestId).',
  INVALID_SYMBOL: 'A stream subscription names an unknown trading pair.',
  SESSION_ENDED: 'The dashboard session ended; reload the page from the start URL.',
  // Proxy: orders and amendments
  ORDER_STATE_UNKNOWN: 'The outcome of the order is not known yet; it is being checked with the exchange.',
  NOT_PLACED:
    'The order was never placed: the exchange has no such order, and the proxy did not send it again.',
  ERROR: 'The request failed and no reason was recorded.',
  NOT_AMENDABLE: 'Only resting limit orders can be amended.',
  ORDER_CLOSED: 'The order is no longer open; there is nothing to amend.',
  NO_CHANGE: 'The new price and quantity equal the current ones.',
  AMEND_IN_PROGRESS: 'This order is already being amended.',
  AMEND_INTERRUPTED: 'The proxy stopped during this amendment; check the order.',
  CANCEL_UNCONFIRMED:
    'The exchange did not confirm the cancel in time, so no replacement was sent; check the order.',
  CANCEL_STILL_OPEN:
    'The exchange accepted the cancel but the order still shows open; check it again shortly.',
  CANCEL_OUTCOME_UNKNOWN:
    'The cancel got no definite answer and the order could not be read back; check the order.',
  // Proxy: conditional orders and price alerts
  CONDITIONAL_NOT_CANCELABLE:
    'The conditional order has already fired or ended and can no longer be canceled.',
  CONDITIONAL_NOT_MOVABLE: 'Only an armed trigger can be moved.',
  TRAIL_LEVEL_INVALID:
    'The trailing stop is not active yet, or the new level is on the wrong side of its high or low.',
  TRIGGER_ALREADY_CROSSED:
    'The last price has already reached the trigger price; the order would fire at once.',
  GAP_CROSSED: 'The trigger price was reached while market data was interrupted; canceled as chosen.',
  ENTRY_CLOSED: 'The bracket entry order closed unfilled, so its exits were canceled.',
  RESTING_LEG_CLOSED: "The OCO's resting limit order was canceled or expired on the exchange.",
  UPSTREAM_NOT_WATCHED:
    "Conditional orders run only on the proxy's own exchange; this key profile uses another.",
  USER_CANCELED: 'Canceled by the user.',
  FAILED: 'The order failed and the exchange gave no reason.',
  ALERT_NOT_FOUND: 'No such price alert.',
  TOO_MANY_ALERTS: 'Too many price alerts; remove some first.',
  LEDGER_EVENT_NOT_FOUND: 'No such event in the local ledger.',
  LEDGER_COST_NOT_APPLICABLE:
    'A cost can be entered for a coin deposit (or coins held before the ledger) only.',
  LEDGER_INCOMPLETE:
    'More fills share one moment than the exchange returns in one read; that pair is not fully read.',
  // Proxy: session recorder; sandbox: replay (issue 22)
  RECORDER_BUSY: 'A recording is already running; stop it first.',
  RECORDER_NOT_RUNNING: 'No recording is running.',
  RECORDER_WRITE_FAILED:
    'The recording file could not be written (disk full or no permission); recording stopped.',
  RECORDING_INVALID: 'The file is not a readable recording (wrong format or damaged).',
  REPLAY_NOT_ACTIVE: 'The sandbox is not replaying a recording (start it with --replay FILE).',
  // Sandbox: paper mode (issue 22 item 1)
  PAPER_SOURCE_UNREACHABLE:
    "The paper market's source (the live exchange's public data) cannot be reached; it is retried on its own.",
  PAPER_MARKET_NOT_READY:
    'The paper market is still loading this pair from its source; try again in a moment.',
  // Client side
  NETWORK_ERROR: 'The network request failed.',
  TIMEOUT: 'The request timed out.',
  UNKNOWN_ERROR: 'An unknown error occurred.',
} as const;

export type KnownErrorCode = keyof typeof DESCRIPTIONS;
/** Known codes are typed; an unknown code from a newer server still fits. */
export type ErrorCode = KnownErrorCode | (string & {});

export const KNOWN_ERROR_CODES = Object.keys(DESCRIPTIONS) as KnownErrorCode[];

export function isKnownErrorCode(code: string): code is KnownErrorCode {
  return Object.hasOwn(DESCRIPTIONS, code);
}

export function describeCode(code: ErrorCode): string {
  return isKnownErrorCode(code) ? DESCRIPTIONS[code] : `The exchange answered ${code}.`;
}

export interface ApiErrorInfo {
  status: number;
  code: ErrorCode;
  description?: string;
}

export interface ErrorEnvelope {
  success: false;
  error: { code: number; message: string; description?: string };
}

export function errorEnvelope(info: ApiErrorInfo): ErrorEnvelope {
  const error: ErrorEnvelope['error'] = { code: info.status, message: info.code };
  if (info.description) error.description = info.description;
  return { success: false, error };
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly description: string;
  constructor(info: ApiErrorInfo) {
    const description = info.description ?? describeCode(info.code);
    super(`${info.code}: ${description}`);
    this.name = 'ApiError';
    this.status = info.status;
    this.code = info.code;
    this.description = description;
  }
  toInfo(): ApiErrorInfo {
    return { status: this.status, code: this.code, description: this.description };
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/**
 * Turns whatever came back into a typed error: an error envelope, an Error from the transport
 * (fetch TypeError, AbortError/TimeoutError), or a body that is not an envelope at all.
 */
export function toApiError(bodyOrError: unknown, httpStatus?: number): ApiError {
  if (bodyOrError instanceof ApiError) return bodyOrError;
  if (isRecord(bodyOrError) && bodyOrError.success === false && isRecord(bodyOrError.error)) {
    const err = bodyOrError.error;
    const code = typeof err.message === 'string' && err.message ? err.message : 'UNKNOWN_ERROR';
    const status = typeof err.code === 'number' ? err.code : (httpStatus ?? 0);
    const description = typeof err.description === 'string' ? err.description : undefined;
    return new ApiError({ status, code, description });
  }
  if (bodyOrError instanceof Error) {
    const name = bodyOrError.name;
    if (name === 'AbortError' || name === 'TimeoutError') return new ApiError({ status: 0, code: 'TIMEOUT' });
    return new ApiError({
      status: 0,
      code: 'NETWORK_ERROR',
      description: `${describeCode('NETWORK_ERROR')} (${bodyOrError.message})`,
    });
  }
  if (httpStatus === 429) return new ApiError({ status: 429, code: 'TOO_MANY_REQUESTS' });
  return new ApiError({
    status: httpStatus ?? 0,
    code: 'UPSTREAM_INVALID_RESPONSE',
    description: httpStatus ? `${describeCode('UPSTREAM_INVALID_RESPONSE')} (HTTP ${httpStatus})` : undefined,
  });
}
