import { CLIENT_ORDER_ID_RE, newClientOrderId } from '../../core/clientOrderId.js';
import type { Param } from '../../core/encode.js';
import { ProxyError } from '../errors.js';
import { isAmbiguousFailure } from '../forward/client.js';
import { envelopeErrorCode } from '../forward/envelope.js';
import type { Forwarder, ForwardResult } from '../forward/forwarder.js';
import { accountSeqOf, getParam, setParam } from '../forward/params.js';
import type { Logger } from '../log.js';
import type { Intent, Journal } from './journal.js';

export interface PlacerOptions {
  lookupDelayMs?: number; // order reads lag about a second upstream
  maxSends?: number;
}

type Lookup = { found: true; orderId: number | string } | { found: false } | { error: string };

const NOT_FOUND_CODES = new Set(['ORDER_NOT_FOUND', 'NOT_FOUND']);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function isAmbiguous(e: unknown): boolean {
  return isAmbiguousFailure(e) || (e instanceof ProxyError && e.code === 'UPSTREAM_INVALID_RESPONSE');
}

/**
 * Safe order placement: journal first, send, and after an ambiguous outcome (timeout, 5xx, lost
 * connection, garbled answer) look the order up by clientOrderId before sending again. A resend
 * reuses the same clientOrderId, so the exchange itself refuses a duplicate.
 */
export class OrderPlacer {
  constructor(
    private readonly forwarder: Forwarder,
    private readonly journal: Journal,
    private readonly log: Logger,
    private readonly o: PlacerOptions = {},
  ) {}

  async place(profileIdHeader: string | undefined, input: Param[]): Promise<ForwardResult> {
    const params = [...input];
    let coid = getParam(params, 'clientOrderId');
    if (coid === undefined || coid === '') {
      coid = newClientOrderId('kp');
      setParam(params, 'clientOrderId', coid);
    } else if (!CLIENT_ORDER_ID_RE.test(coid)) {
      throw new ProxyError(400, 'BAD_REQUEST', 'clientOrderId must match [0-9a-zA-Z.:_-]{1,36}');
    }
    const endpoint = { auth: 'private' as const };
    const profile = this.forwarder.resolveProfile(
      { ...endpoint, method: 'POST', path: '/v2/orders', limitClass: 'order', accountScope: 'account' },
      profileIdHeader,
    )!;
    const symbol = getParam(params, 'symbol') ?? '';
    // the intent's one durable write, already marked as the first send
    const inserted = this.journal.openSent({
      clientOrderId: coid,
      profileId: profile.id,
      accountSeq: accountSeqOf(params),
      symbol,
      params,
    });
    if (!inserted) {
      // the browser retried an intent we already know: never send it blindly again
      const known = this.journal.get(coid)!;
      if (known.state === 'placed' && known.orderId !== undefined) return success(known.orderId, coid);
      return this.resolveOrResend(known, params, profile.id, 0);
    }
    return this.send(coid, params, profile.id, 0, true);
  }

  private async send(
    coid: string,
    params: Param[],
    profileId: string,
    sends: number,
    journaledAsSent = false,
  ): Promise<ForwardResult> {
    const max = this.o.maxSends ?? 3;
    if (sends >= max) {
      this.journal.mark(coid, 'unknown', `no definite answer after ${max} attempts`);
      throw new ProxyError(
        504,
        'ORDER_STATE_UNKNOWN',
        `order ${coid} has no definite state; it will be reconciled`,
      );
    }
    if (!journaledAsSent) this.journal.markSent(coid);
    let res: ForwardResult;
    try {
      res = await this.forwarder.execute({ method: 'POST', path: '/v2/orders', params, profileId });
    } catch (e) {
      if (!isAmbiguous(e)) {
        this.journal.mark(coid, 'failed', (e as ProxyError).code ?? 'ERROR');
        throw e;
      }
      this.log.warn(
        `order ${coid}: ambiguous outcome (${(e as ProxyError).code}); looking it up before any resend`,
      );
      return this.resolveOrResend(this.journal.get(coid)!, params, profileId, sends + 1, e);
    }
    if (res.status >= 500) {
      this.log.warn(`order ${coid}: upstream ${res.status}; looking it up before any resend`);
      return this.resolveOrResend(this.journal.get(coid)!, params, profileId, sends + 1, res);
    }
    if (res.envelope.success) {
      const orderId = (res.envelope.data as { orderId?: number | string } | undefined)?.orderId;
      if (orderId === undefined) {
        return this.resolveOrResend(this.journal.get(coid)!, params, profileId, sends + 1, res);
      }
      this.journal.markPlaced(coid, orderId);
      return withClientOrderId(res, coid);
    }
    const code = envelopeErrorCode(res.envelope) ?? `HTTP_${res.status}`;
    if (code === 'DUPLICATE_CLIENT_ORDER_ID') {
      // the exchange holds an order with this id; reads may lag, so look a few times
      for (let i = 0; i < 3; i++) {
        const found = await this.lookup(coid, params, profileId);
        if ('found' in found && found.found) {
          this.journal.markPlaced(coid, found.orderId);
          return success(found.orderId, coid, res.headers);
        }
        await sleep((this.o.lookupDelayMs ?? 1000) * (i + 1));
      }
      this.journal.mark(coid, 'unknown', 'DUPLICATE_CLIENT_ORDER_ID but not found yet');
      throw new ProxyError(
        504,
        'ORDER_STATE_UNKNOWN',
        `the exchange already has order ${coid} but it cannot be read yet; it will be reconciled`,
      );
    }
    this.journal.mark(coid, 'failed', code);
    return res;
  }

  private async resolveOrResend(
    intent: Intent,
    params: Param[],
    profileId: string,
    sends: number,
    cause?: unknown,
  ): Promise<ForwardResult> {
    if (intent.state !== 'pending') await sleep(this.o.lookupDelayMs ?? 1000);
    const found = await this.lookup(intent.clientOrderId, params, profileId);
    if ('found' in found && found.found) {
      this.journal.markPlaced(intent.clientOrderId, found.orderId);
      return success(found.orderId, intent.clientOrderId);
    }
    if ('error' in found) {
      this.journal.mark(intent.clientOrderId, 'unknown', found.error);
      if (cause instanceof ProxyError) {
        throw new ProxyError(
          cause.status,
          'ORDER_STATE_UNKNOWN',
          `${cause.code}; order lookup failed, will reconcile`,
        );
      }
      throw new ProxyError(504, 'ORDER_STATE_UNKNOWN', 'order lookup failed; it will be reconciled');
    }
    this.log.info(
      `order ${intent.clientOrderId}: not on the exchange, sending again with the same clientOrderId`,
    );
    return this.send(intent.clientOrderId, params, profileId, sends);
  }

  /** GET /v2/orders by clientOrderId. */
  async lookup(coid: string, params: readonly Param[], profileId: string): Promise<Lookup> {
    const q: Param[] = [['symbol', getParam(params, 'symbol') ?? '']];
    const seq = getParam(params, 'accountSeq');
    if (seq !== undefined) q.push(['accountSeq', seq]);
    q.push(['clientOrderId', coid]);
    try {
      const res = await this.forwarder.execute({ method: 'GET', path: '/v2/orders', params: q, profileId });
      if (res.envelope.success) {
        const orderId = (res.envelope.data as { orderId?: number | string } | undefined)?.orderId;
        return orderId === undefined ? { error: 'lookup answer without orderId' } : { found: true, orderId };
      }
      const code = envelopeErrorCode(res.envelope) ?? '';
      if (NOT_FOUND_CODES.has(code) || res.status === 404) return { found: false };
      return { error: code || `HTTP ${res.status}` };
    } catch (e) {
      return { error: e instanceof ProxyError ? e.code : 'lookup failed' };
    }
  }

  /**
   * Reconciliation of intents without a definite state: all of them at start-up (`idleMs` 0), and
   * periodically those idle for a while (never one whose request is still in flight).
   */
  async reconcile(idleMs = 0): Promise<{ placed: number; notPlaced: number; unknown: number }> {
    const out = { placed: 0, notPlaced: 0, unknown: 0 };
    for (const intent of this.journal.unresolved(idleMs)) {
      const r = await this.lookup(intent.clientOrderId, intent.params, intent.profileId);
      if ('found' in r && r.found) {
        this.journal.markPlaced(intent.clientOrderId, r.orderId);
        out.placed++;
      } else if ('found' in r) {
        // never resend a stale intent on start: the trader got no confirmation and prices moved
        this.journal.mark(intent.clientOrderId, 'failed', 'NOT_PLACED');
        out.notPlaced++;
      } else {
        this.journal.mark(intent.clientOrderId, 'unknown', r.error);
        out.unknown++;
      }
    }
    return out;
  }
}

function success(
  orderId: number | string,
  clientOrderId: string,
  headers: Record<string, string> = {},
): ForwardResult {
  const envelope = { success: true, data: { orderId, clientOrderId } };
  return { status: 200, envelope, text: JSON.stringify(envelope), headers };
}

function withClientOrderId(res: ForwardResult, clientOrderId: string): ForwardResult {
  const data = { ...(res.envelope.data as Record<string, unknown>), clientOrderId };
  const envelope = { ...res.envelope, data };
  return { ...res, envelope, text: JSON.stringify(envelope) };
}
