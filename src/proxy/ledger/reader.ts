// One ledger read: waits its turn (pacer), then a GET through the forwarder under the proxy's retry policy;
// answers the envelope's data or throws an ApiError with the exchange's (or the proxy's) code.
import type { Param } from '../../core/encode.js';
import { ApiError, toApiError } from '../../core/errors.js';
import { ProxyError } from '../errors.js';
import type { Forwarder } from '../forward/forwarder.js';
import type { Logger } from '../log.js';
import { readWithRetry, type Sleep } from '../orders/retry.js';
import type { LedgerPacer } from './pacer.js';

export interface LedgerReader {
  /** `bucketSeq`: the account whose rate limit the read counts against. */
  read(path: string, params: Param[], profileId: string, bucketSeq: number): Promise<unknown>;
}

export function ledgerReader(o: {
  forwarder: Forwarder;
  pacer: LedgerPacer;
  log?: Pick<Logger, 'info' | 'warn'>;
  sleep?: Sleep;
  stopped: () => boolean;
}): LedgerReader {
  return {
    async read(path, params, profileId, bucketSeq) {
      await o.pacer.turn(profileId, bucketSeq, o.stopped);
      if (o.stopped())
        throw new ApiError({
          status: 503,
          code: 'SERVICE_UNAVAILABLE',
          description: 'the ledger is closing',
        });
      let r: Awaited<ReturnType<Forwarder['execute']>>;
      try {
        r = await readWithRetry(() => o.forwarder.execute({ method: 'GET', path, params, profileId }), {
          log: o.log,
          sleep: o.sleep,
          what: `ledger ${path}`,
        });
      } catch (e) {
        throw asApiError(e);
      }
      if (!r.envelope.success) throw toApiError(r.envelope, r.status);
      return r.envelope.data;
    },
  };
}

export function asApiError(e: unknown): ApiError {
  if (e instanceof ApiError) return e;
  if (e instanceof ProxyError)
    return new ApiError({ status: e.status, code: e.code, description: e.description });
  return toApiError(e);
}

export const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
