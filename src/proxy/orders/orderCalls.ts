// Signed exchange calls answered as values (ok, or the code and message): one order read and the
// cancel through the one cancel path, for the conditional engine and the amender (through the
// forwarder: signed, rate-limited; reads resent on 5xx and transport failures).
import type { Param } from '../../core/encode.js';
import { ProxyError } from '../errors.js';
import { envelopeErrorCode } from '../forward/envelope.js';
import type { Forwarder } from '../forward/forwarder.js';
import { isCancelFailure, OrderCanceler } from './cancel.js';
import { readWithRetry } from './retry.js';

export type Result<T> = { ok: true; value: T } | { ok: false; code: string; message: string };

export interface Scope {
  profileId: string;
  accountSeq: number | null;
  symbol: string;
}

const scoped = (s: Scope, extra: Param[] = []): Param[] => {
  const p: Param[] = [['symbol', s.symbol]];
  if (s.accountSeq !== null) p.push(['accountSeq', String(s.accountSeq)]);
  return [...p, ...extra];
};

export async function call<T>(
  forwarder: Forwarder,
  method: string,
  path: string,
  params: Param[],
  profileId?: string,
): Promise<Result<T>> {
  try {
    const send = () => forwarder.execute({ method, path, params, ...(profileId ? { profileId } : {}) });
    // reads are idempotent: resent on 5xx and transport failures; writes go once
    const res = method === 'GET' ? await readWithRetry(send) : await send();
    if (res.envelope.success) return { ok: true, value: res.envelope.data as T };
    const code = envelopeErrorCode(res.envelope) ?? `HTTP_${res.status}`;
    const desc = (res.envelope as { error?: { description?: string } }).error?.description;
    return { ok: false, code, message: desc ?? code };
  } catch (e) {
    if (e instanceof ProxyError) return { ok: false, code: e.code, message: e.description ?? e.code };
    return { ok: false, code: 'INTERNAL_ERROR', message: (e as Error).message };
  }
}

export interface ExchangeOrder {
  orderId: number | string;
  status: string;
  qty?: string | null;
  filledQty?: string | null;
}

export const getOrder = (f: Forwarder, s: Scope, orderId: number | string) =>
  call<ExchangeOrder>(f, 'GET', '/v2/orders', scoped(s, [['orderId', String(orderId)]]), s.profileId);

/**
 * Cancels through the proxy's one cancel path (orders/cancel.ts: resent on TRY_AGAIN, 5xx and
 * transport failures, confirmed by reading the order). An order already closed (filled, canceled,
 * expired, gone) counts as done; the value is the order as read back, when it could be read.
 */
export async function cancelOrder(
  f: Forwarder,
  s: Scope,
  orderId: number | string,
): Promise<Result<ExchangeOrder | null>> {
  const r = await new OrderCanceler(f).cancel({ ...s, orderId });
  if (isCancelFailure(r.outcome)) {
    const code = r.code ?? 'CANCEL_OUTCOME_UNKNOWN';
    return { ok: false, code, message: code };
  }
  return { ok: true, value: r.order ?? null };
}
