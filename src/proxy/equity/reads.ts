// The sampler's reads: one GET through the forwarder under the proxy's retry policy (5xx, TRY_AGAIN,
// network: bounded backoff), its envelope's data or a thrown ApiError with the exchange's code.
import type { Param } from '../../core/encode.js';
import { ApiError, toApiError } from '../../core/errors.js';
import { ProxyError } from '../errors.js';
import type { Forwarder } from '../forward/forwarder.js';
import type { Logger } from '../log.js';
import { readWithRetry, type Sleep } from '../orders/retry.js';

export interface ReadContext {
  forwarder: Forwarder;
  log?: Pick<Logger, 'info' | 'warn'>;
  /** Injectable for tests. */
  sleep?: Sleep;
}

export async function readData(
  ctx: ReadContext,
  path: string,
  params: Param[],
  profileId?: string,
): Promise<unknown> {
  let r: Awaited<ReturnType<Forwarder['execute']>>;
  try {
    r = await readWithRetry(() => ctx.forwarder.execute({ method: 'GET', path, params, profileId }), {
      log: ctx.log,
      sleep: ctx.sleep,
      what: `equity sample ${path}`,
    });
  } catch (e) {
    throw asApiError(e);
  }
  if (!r.envelope.success) throw toApiError(r.envelope, r.status);
  return r.envelope.data;
}

/** A thrown failure as an ApiError, keeping a proxy error's own code and status. */
function asApiError(e: unknown): ApiError {
  if (e instanceof ProxyError)
    return new ApiError({ status: e.status, code: e.code, description: e.description });
  return toApiError(e);
}

/** The code of a failed read, for the sampler's report. */
export function codeOf(e: unknown): string {
  return asApiError(e).code;
}

export const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
