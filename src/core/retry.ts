// Retry policy shared by every retrying caller: a four-way failure classification and a retry
// governor (backoff ladder, sleep budget, one clock resync, iteration ceiling) that performs no
// I/O. The facts follow the vendor's client (korbit-cli internal/apiclient/retry.go, recorded in
// docs/api-decisions.md): TRY_AGAIN, 5xx and transport failures are transient; EXCEED_TIME_WINDOW
// and 429 are refused before any side effect; every other coded refusal is final.

/**
 * - fatal: a coded refusal that resending cannot change.
 * - timeWindow: EXCEED_TIME_WINDOW, refused at the clock gate before any effect (resync, resend).
 * - rateLimited: HTTP 429, refused before any effect (wait Retry-After, resend).
 * - transient: a transport failure, a 5xx or TRY_AGAIN; the request may have run (except
 *   TRY_AGAIN), so only an idempotent request (a read, a cancel) is resent.
 */
export type FailureClass = 'fatal' | 'timeWindow' | 'rateLimited' | 'transient';

/** Codes of failures where no answer came back, whatever status they carry. */
const TRANSPORT_CODES = new Set(['NETWORK_ERROR', 'TIMEOUT', 'UPSTREAM_UNREACHABLE', 'UPSTREAM_TIMEOUT']);

interface Coded {
  code: string;
  status: number;
}

function coded(err: unknown): Coded | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const { code, status } = err as { code?: unknown; status?: unknown };
  if (typeof code !== 'string' || !code) return undefined;
  return { code, status: typeof status === 'number' ? status : 0 };
}

/**
 * Classifies a failure: an ApiError (or any error carrying a string `code` and a numeric
 * `status`, such as the proxy's own errors). Anything without a code is a transport failure.
 */
export function classifyFailure(err: unknown): FailureClass {
  const c = coded(err);
  if (!c) return 'transient';
  if (c.code === 'EXCEED_TIME_WINDOW') return 'timeWindow';
  if (c.code === 'TRY_AGAIN') return 'transient';
  if (TRANSPORT_CODES.has(c.code)) return 'transient';
  if (c.status === 429) return 'rateLimited';
  if (c.status >= 500 && c.status <= 599) return 'transient';
  return 'fatal';
}

/** Refused before any side effect, so resending is safe even for a money-moving write. */
export function isPreExecution(cls: FailureClass): boolean {
  return cls === 'timeWindow' || cls === 'rateLimited';
}

/** Reads a Retry-After header value (seconds or an HTTP date) as milliseconds. */
export function retryAfterMs(value: string | undefined | null, nowMs = Date.now()): number | undefined {
  if (value === undefined || value === null) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

export const INITIAL_BACKOFF_MS = 100;
export const MAX_BACKOFF_MS = 2000;
/** Slack beyond the budget term: the first attempt plus the one no-sleep resync. */
const FREE_ITERATIONS = 8;

export function nextBackoffMs(ms: number): number {
  return Math.min(MAX_BACKOFF_MS, ms * 2);
}

/** Hard ceiling on attempts: unreachable while the budget holds; a backstop against spinning. */
export function maxRetryIterations(budgetMs: number): number {
  return FREE_ITERATIONS + Math.floor(Math.max(0, budgetMs) / INITIAL_BACKOFF_MS);
}

export interface GovernorOptions {
  /** Reads and cancels: transient failures are resent. Never true for placements or money moves. */
  idempotent: boolean;
  /** Resend after the pre-execution refusals (time window, 429). Default true. */
  retryPreExecution?: boolean;
  /** The caller can re-measure the clock; otherwise EXCEED_TIME_WINDOW is surfaced. */
  canResync?: boolean;
  /** Bound on the total time spent sleeping between attempts. 0: no waits (the resync may still run). */
  budgetMs: number;
}

export type RetryDecision =
  | { action: 'giveUp'; reason: string }
  | { action: 'resync'; reason: string }
  | { action: 'wait'; waitMs: number; reason: string };

/**
 * One logical call's retry ladder. Drive it as `while (g.attempt()) { try once; on failure
 * d = g.next(classifyFailure(e), retryAfter) and carry out d yourself }`.
 */
export class RetryGovernor {
  private sleptMs = 0;
  private backoffMs = INITIAL_BACKOFF_MS;
  private resynced = false;
  private attempts = 0;
  private readonly ceiling: number;

  constructor(private readonly o: GovernorOptions) {
    this.ceiling = maxRetryIterations(o.budgetMs);
  }

  /** Another attempt may begin (false only at the iteration ceiling). */
  attempt(): boolean {
    this.attempts++;
    return this.attempts <= this.ceiling;
  }

  get attemptCount(): number {
    return this.attempts;
  }

  get sleptTotalMs(): number {
    return this.sleptMs;
  }

  next(cls: FailureClass, retryAfter?: number): RetryDecision {
    const pre = this.o.retryPreExecution ?? true;
    if (this.o.budgetMs <= 0 && cls !== 'timeWindow') return { action: 'giveUp', reason: 'single shot' };
    switch (cls) {
      case 'timeWindow':
        if (!pre && !this.o.idempotent) return { action: 'giveUp', reason: 'not retried under this policy' };
        if (this.resynced || !this.o.canResync) {
          return { action: 'giveUp', reason: 'EXCEED_TIME_WINDOW: no further clock correction' };
        }
        this.resynced = true;
        return { action: 'resync', reason: 'EXCEED_TIME_WINDOW: resync the clock and resend at once' };
      case 'rateLimited': {
        if (!pre && !this.o.idempotent) return { action: 'giveUp', reason: 'not retried under this policy' };
        const wait = retryAfter !== undefined && retryAfter > 0 ? retryAfter : this.backoffMs;
        return this.sleep(wait, 'HTTP 429');
      }
      case 'transient':
        if (!this.o.idempotent) {
          return { action: 'giveUp', reason: 'may have run: only an idempotent request is resent' };
        }
        return this.sleep(this.backoffMs, 'transient failure');
      default:
        return { action: 'giveUp', reason: 'final refusal' };
    }
  }

  private sleep(wait: number, what: string): RetryDecision {
    if (this.sleptMs + wait > this.o.budgetMs) {
      return { action: 'giveUp', reason: `${what}: a ${wait} ms wait would exceed the retry budget` };
    }
    this.sleptMs += wait;
    this.backoffMs = nextBackoffMs(this.backoffMs);
    return { action: 'wait', waitMs: wait, reason: `${what}: waiting ${wait} ms, then again` };
  }
}
