// The few exchange reads and writes the engine needs, through the forwarder (signed, rate-limited).
import type { Param } from '../../core/encode.js';
import { ProxyError } from '../errors.js';
import { envelopeErrorCode } from '../forward/envelope.js';
import type { Forwarder } from '../forward/forwarder.js';

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
    const res = await forwarder.execute({ method, path, params, ...(profileId ? { profileId } : {}) });
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

/** Cancels; an order already closed (filled, canceled, expired) counts as done. */
export async function cancelOrder(f: Forwarder, s: Scope, orderId: number | string): Promise<Result<null>> {
  const r = await call<unknown>(
    f,
    'DELETE',
    '/v2/orders',
    scoped(s, [['orderId', String(orderId)]]),
    s.profileId,
  );
  if (r.ok) return { ok: true, value: null };
  if (['ORDER_ALREADY_CANCELED', 'ORDER_ALREADY_FILLED', 'ORDER_ALREADY_EXPIRED'].includes(r.code))
    return { ok: true, value: null };
  return r;
}
