// The one cancel path of the proxy (browser single cancel, cancel-all, amendment, kill switch,
// conditional legs): DELETE /v2/orders, resent on TRY_AGAIN, 5xx and transport failures with the
// bounded backoff (a cancel is idempotent, korbit-cli internal/ops/orders_ops.go), then CONFIRMED
// by reading the order (GET /v2/orders), since the exchange accepts a cancel asynchronously. The
// outcome says what the exchange holds afterwards: canceled, filled, gone, still open, or unknown.
import type { Param } from '../../core/encode.js';
import { isFinalStatus, normalizeOrderStatus } from '../../core/orderStatus.js';
import { classifyFailure, RetryGovernor } from '../../core/retry.js';
import { ProxyError } from '../errors.js';
import type { Forwarder, ForwardResult } from '../forward/forwarder.js';
import type { Logger } from '../log.js';
import { failureOfError, failureOfResult, readWithRetry, realSleep, type Sleep } from './retry.js';

/** canceled / filled / gone: the order no longer works. open / unknown: the cancel failed. */
export type CancelOutcome = 'canceled' | 'filled' | 'gone' | 'open' | 'unknown';

export const isCancelFailure = (o: CancelOutcome): boolean => o === 'open' || o === 'unknown';

export interface CancelTarget {
  profileId?: string;
  /** null: the key's default account (no accountSeq sent). */
  accountSeq: number | null;
  symbol: string;
  orderId?: number | string;
  clientOrderId?: string;
}

/** An order row as GET /v2/orders answers it (only what the callers read). */
export interface OrderRow {
  orderId: number | string;
  status: string;
  qty?: string | null;
  filledQty?: string | null;
  [k: string]: unknown;
}

export interface CancelReport {
  outcome: CancelOutcome;
  /** Why it is not simply canceled (a refusal, ORDER_ALREADY_FILLED, CANCEL_STILL_OPEN, ...). */
  code?: string;
  /** DELETE requests sent. */
  sends: number;
  /** The order as last read, when it could be read. */
  order?: OrderRow;
  /** The last DELETE answer, or the error its last attempt threw. */
  answer?: ForwardResult;
  error?: unknown;
  /** Some DELETE was answered with success. */
  accepted: boolean;
  /** The last DELETE's failure code, when it failed. */
  lastCode?: string;
}

export interface CancelOptions {
  /** Sleep budget of the DELETE retries (default 5000 ms: 6 sends over about 3 s). */
  budgetMs?: number;
  /** Reads while a accepted cancel still shows the order open (default 8, every 250 ms). */
  confirmTries?: number;
  confirmDelayMs?: number;
  sleep?: Sleep;
  log?: Pick<Logger, 'info' | 'warn'>;
}

const CLOSED_REFUSALS: Record<string, CancelOutcome> = {
  ORDER_ALREADY_CANCELED: 'canceled',
  ORDER_ALREADY_FILLED: 'filled',
  ORDER_ALREADY_EXPIRED: 'gone',
  ORDER_NOT_FOUND: 'gone',
};

function outcomeOfStatus(status: string): CancelOutcome {
  const s = normalizeOrderStatus(status);
  if (s === 'canceled' || s === 'partiallyFilledCanceled') return 'canceled';
  if (s === 'filled') return 'filled';
  if (isFinalStatus(s)) return 'gone';
  // a status a newer server adds counts as closed, like the vendor's client; known open ones stay open
  return ['pending', 'open', 'partiallyFilled'].includes(s) ? 'open' : 'gone';
}

function idParams(t: CancelTarget): Param[] {
  const p: Param[] = [['symbol', t.symbol]];
  if (t.orderId !== undefined) p.push(['orderId', String(t.orderId)]);
  else if (t.clientOrderId !== undefined) p.push(['clientOrderId', t.clientOrderId]);
  if (t.accountSeq !== null) p.push(['accountSeq', String(t.accountSeq)]);
  return p;
}

type Read = { row: OrderRow } | { gone: string } | { error: string };

export class OrderCanceler {
  constructor(
    private readonly forwarder: Forwarder,
    private readonly o: CancelOptions = {},
  ) {}

  /** Cancels one order and says what the exchange holds afterwards. Never throws. */
  async cancel(t: CancelTarget, params: Param[] = idParams(t)): Promise<CancelReport> {
    const sleep = this.o.sleep ?? realSleep;
    const gov = new RetryGovernor({ idempotent: true, budgetMs: this.o.budgetMs ?? 5000 });
    const rep: CancelReport = { outcome: 'unknown', sends: 0, accepted: false };
    let lastCode: string | undefined;
    const what = `cancel ${t.symbol} ${t.orderId ?? t.clientOrderId}`;
    while (gov.attempt()) {
      rep.sends++;
      let failure: ReturnType<typeof failureOfError> | undefined;
      try {
        const res = await this.forwarder.execute({
          method: 'DELETE',
          path: '/v2/orders',
          params,
          ...(t.profileId ? { profileId: t.profileId } : {}),
        });
        rep.answer = res;
        rep.error = undefined;
        failure = failureOfResult(res);
        if (!failure) {
          rep.accepted = true;
          break;
        }
      } catch (e) {
        rep.answer = undefined;
        rep.error = e;
        failure = failureOfError(e);
      }
      const code = failure.code;
      lastCode = code;
      rep.lastCode = code;
      if (CLOSED_REFUSALS[code]) break;
      const d = gov.next(classifyFailure(failure), failure.retryAfterMs);
      if (d.action !== 'wait') break;
      this.o.log?.info(`${what}: ${code}; ${d.reason}`);
      await sleep(d.waitMs);
    }
    return this.confirm(t, rep, lastCode);
  }

  /** Reads the order back and settles the outcome. */
  private async confirm(t: CancelTarget, rep: CancelReport, lastCode?: string): Promise<CancelReport> {
    const sleep = this.o.sleep ?? realSleep;
    if (!rep.accepted && lastCode === 'ORDER_NOT_FOUND') return { ...rep, outcome: 'gone', code: lastCode };
    const tries = rep.accepted ? Math.max(1, this.o.confirmTries ?? 8) : 1;
    let read: Read = { error: 'CANCEL_OUTCOME_UNKNOWN' };
    for (let i = 0; i < tries; i++) {
      if (i > 0) await sleep(this.o.confirmDelayMs ?? 250);
      read = await this.read(t);
      if (!('row' in read) || outcomeOfStatus(read.row.status) !== 'open') break;
    }
    if ('row' in read) {
      const outcome = outcomeOfStatus(read.row.status);
      const code =
        outcome === 'open'
          ? rep.accepted
            ? 'CANCEL_STILL_OPEN'
            : (lastCode ?? 'CANCEL_STILL_OPEN')
          : outcome === 'filled'
            ? 'ORDER_ALREADY_FILLED'
            : outcome === 'gone' && normalizeOrderStatus(read.row.status) === 'expired'
              ? 'ORDER_ALREADY_EXPIRED'
              : undefined;
      if (outcome === 'open')
        this.o.log?.warn(`cancel ${t.symbol} ${read.row.orderId}: still open (${code})`);
      return { ...rep, outcome, order: read.row, ...(code ? { code } : {}) };
    }
    if ('gone' in read) return { ...rep, outcome: 'gone', code: read.gone };
    // the order could not be read back: a definite refusal naming its state still tells it
    const fromRefusal = lastCode ? CLOSED_REFUSALS[lastCode] : undefined;
    if (!rep.accepted && fromRefusal) return { ...rep, outcome: fromRefusal, code: lastCode };
    this.o.log?.warn(`cancel ${t.symbol} ${t.orderId ?? t.clientOrderId}: not confirmed (${read.error})`);
    return {
      ...rep,
      outcome: 'unknown',
      code: rep.accepted ? 'CANCEL_OUTCOME_UNKNOWN' : (lastCode ?? read.error),
    };
  }

  private async read(t: CancelTarget): Promise<Read> {
    try {
      const res = await readWithRetry(
        () =>
          this.forwarder.execute({
            method: 'GET',
            path: '/v2/orders',
            params: idParams(t),
            ...(t.profileId ? { profileId: t.profileId } : {}),
          }),
        { sleep: this.o.sleep ?? realSleep },
      );
      if (res.envelope.success) {
        const row = res.envelope.data as OrderRow | undefined;
        return row && typeof row.status === 'string' ? { row } : { error: 'UPSTREAM_INVALID_RESPONSE' };
      }
      const f = failureOfResult(res);
      if (f?.code === 'ORDER_NOT_FOUND' || res.status === 404) return { gone: 'ORDER_NOT_FOUND' };
      return { error: f?.code ?? `HTTP_${res.status}` };
    } catch (e) {
      return { error: failureOfError(e).code };
    }
  }

  /**
   * The browser's DELETE /api/v2/orders: the same path, answered in the exchange's envelope. An
   * accepted cancel answers as the exchange did; a cancel whose answer was lost but which the read
   * shows done answers success; otherwise the last refusal (or the proxy's error) is passed on.
   */
  async cancelForBrowser(profileId: string | undefined, params: Param[]): Promise<ForwardResult> {
    const get = (k: string) => params.find(([n]) => n === k)?.[1];
    const symbol = get('symbol');
    const orderId = get('orderId');
    const clientOrderId = get('clientOrderId');
    const seq = get('accountSeq');
    if (!symbol || (!orderId && !clientOrderId) || (seq !== undefined && !/^\d{1,9}$/.test(seq))) {
      // malformed: let the exchange answer it, once, as it would anyway
      return this.forwarder.execute({ method: 'DELETE', path: '/v2/orders', params, profileId });
    }
    const t: CancelTarget = {
      ...(profileId ? { profileId } : {}),
      accountSeq: seq === undefined ? null : Number(seq),
      symbol,
      ...(orderId ? { orderId } : { clientOrderId }),
    };
    const rep = await this.cancel(t, params);
    const headers = { ...(rep.answer?.headers ?? {}), 'X-Cancel-Outcome': rep.outcome };
    if (rep.accepted && rep.answer) return { ...rep.answer, headers };
    if (rep.outcome === 'canceled' && !CLOSED_REFUSALS[rep.lastCode ?? '']) {
      const envelope = { success: true };
      return { status: 200, envelope, text: JSON.stringify(envelope), headers };
    }
    if (rep.answer) return { ...rep.answer, headers };
    if (rep.error instanceof ProxyError) throw rep.error;
    throw new ProxyError(504, 'UPSTREAM_TIMEOUT', 'the cancel got no answer and the order could not be read');
  }
}
