// The proxy's own idempotent reads (and the cancel path's sends) under the shared retry policy
// (core/retry.ts): transport failures, 5xx, TRY_AGAIN and 429 are retried with the bounded
// backoff; a coded refusal comes back at once. The forwarder already resyncs the clock once on
// EXCEED_TIME_WINDOW, so no second resync happens here. Never wrap a placement or a money move.
import { classifyFailure, RetryGovernor, retryAfterMs } from '../../core/retry.js';
import type { Logger } from '../log.js';

/** Default sleep budget of one proxy-internal read (on top of the forwarder's own short retry). */
export const READ_RETRY_BUDGET_MS = 3000;

export type Sleep = (ms: number) => Promise<void>;
export const realSleep: Sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export interface RetryOptions {
  /** Total time spent waiting between attempts (default READ_RETRY_BUDGET_MS). */
  budgetMs?: number;
  /** Injectable for tests. */
  sleep?: Sleep;
  log?: Pick<Logger, 'info' | 'warn'>;
  /** Named in log lines, e.g. "trades btc_krw". */
  what?: string;
  /** Called before each wait (tests and progress reporting). */
  onRetry?: (failure: Failure, waitMs: number) => void;
}

/** What went wrong on one attempt, in a form the classifier reads. */
export interface Failure {
  status: number;
  code: string;
  retryAfterMs?: number;
}

interface ResultLike {
  status: number;
  envelope: { success: boolean; error?: { message?: unknown } };
  headers?: Record<string, string>;
}

function isResultLike(v: unknown): v is ResultLike {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Partial<ResultLike>;
  return typeof r.status === 'number' && typeof r.envelope?.success === 'boolean';
}

/** A forwarded answer that failed, as a Failure; undefined for a success or a non-answer value. */
export function failureOfResult(v: unknown): Failure | undefined {
  if (!isResultLike(v) || v.envelope.success) return undefined;
  const m = v.envelope.error?.message;
  const retryAfter = retryAfterMs(v.headers?.['Retry-After'] ?? v.headers?.['retry-after']);
  return {
    status: v.status,
    code: typeof m === 'string' && m ? m : `HTTP_${v.status}`,
    ...(retryAfter !== undefined ? { retryAfterMs: retryAfter } : {}),
  };
}

/** A thrown error as a Failure (an uncoded error is a transport failure). */
export function failureOfError(e: unknown): Failure {
  if (typeof e === 'object' && e !== null && typeof (e as { code?: unknown }).code === 'string') {
    const { code, status } = e as { code: string; status?: unknown };
    const headers = (e as { headers?: Record<string, string> }).headers;
    const ra = retryAfterMs(headers?.['Retry-After']);
    return {
      code,
      status: typeof status === 'number' ? status : 0,
      ...(ra !== undefined ? { retryAfterMs: ra } : {}),
    };
  }
  return { code: 'NETWORK_ERROR', status: 0 };
}

/**
 * Runs an idempotent call until it succeeds, fails for good, or the budget runs out. `fn` may
 * throw or return a forwarded answer (`{status, envelope}`); a failed envelope counts as a
 * failure. The last answer is returned (or the last error thrown) when retrying ends, so callers
 * keep their own handling of a refusal.
 */
export async function withRetry<T>(fn: () => Promise<T>, opts: RetryOptions = {}): Promise<T> {
  const sleep = opts.sleep ?? realSleep;
  const gov = new RetryGovernor({ idempotent: true, budgetMs: opts.budgetMs ?? READ_RETRY_BUDGET_MS });
  let last: { value: T } | { error: unknown } | undefined;
  while (gov.attempt()) {
    let failure: Failure | undefined;
    try {
      const value = await fn();
      last = { value };
      failure = failureOfResult(value);
      if (!failure) return value;
    } catch (e) {
      last = { error: e };
      failure = failureOfError(e);
    }
    const d = gov.next(classifyFailure(failure), failure.retryAfterMs);
    if (d.action !== 'wait') break;
    opts.onRetry?.(failure, d.waitMs);
    if (opts.what) opts.log?.info(`${opts.what}: ${failure.code}; ${d.reason}`);
    await sleep(d.waitMs);
  }
  if (!last) throw new Error('retry ceiling reached before any attempt');
  if ('error' in last) throw last.error;
  return last.value;
}

/** An idempotent read (GET) under the retry policy. Same contract as withRetry. */
export function readWithRetry<T>(fn: () => Promise<T>, opts: RetryOptions = {}): Promise<T> {
  return withRetry(fn, opts);
}
