/**
 * The paper sandbox's HTTP front: before a public market read reaches the (synchronous) REST
 * pipeline, it waits for what the read needs from the source: a pair's first book snapshot (up to
 * 3 s), or the candles asked for (fetched into the exchange's cache, which the candles route then
 * answers from). While the source has not delivered its pairs yet, or cannot be reached, public market
 * reads are answered 503 PAPER_SOURCE_UNREACHABLE / PAPER_MARKET_NOT_READY rather than with the
 * sandbox's demo market or stale data, so nothing is ever shown as the source's that is not.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { isInterval } from '../../../core/intervals.js';
import { sendError } from '../../http/io.js';
import type { SourcedExchange } from './exchange.js';

const MARKET_READS = new Set([
  '/v2/tickers',
  '/v2/orderbook',
  '/v2/trades',
  '/v2/candles',
  '/v2/currencyPairs',
  '/v2/tickSizePolicy',
]);
const READY_WAIT_MS = 3000;

function intParam(v: string | null): number | undefined {
  return v !== null && /^\d{1,16}$/.test(v) ? Number(v) : undefined;
}

export function paperFront(inner: RequestListener, ex: SourcedExchange): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    const qi = url.indexOf('?');
    const path = qi < 0 ? url : url.slice(0, qi);
    if (req.method !== 'GET' || !MARKET_READS.has(path)) return inner(req, res);
    void (async () => {
      try {
        const st = ex.source.status();
        if (ex.source.markets().length === 0 || st.state === 'unreachable') {
          req.resume();
          const unreachable = st.state === 'unreachable';
          return sendError(res, {
            status: 503,
            code: unreachable ? 'PAPER_SOURCE_UNREACHABLE' : 'PAPER_MARKET_NOT_READY',
            description: unreachable
              ? `The paper market's source ${st.origin} cannot be reached; retrying.`
              : `The paper market is still loading from ${st.origin}.`,
          });
        }
        const q = new URLSearchParams(qi < 0 ? '' : url.slice(qi + 1));
        const symbol = q.get('symbol');
        if (symbol && ex.markets.get(symbol)) {
          if (path === '/v2/orderbook' || path === '/v2/trades')
            await ex.source.whenReady(symbol, READY_WAIT_MS);
          const interval = q.get('interval');
          const limit = intParam(q.get('limit'));
          if (path === '/v2/candles' && interval && isInterval(interval) && limit !== undefined) {
            const opts: { start?: number; end?: number; limit: number } = { limit };
            const start = intParam(q.get('start'));
            const end = intParam(q.get('end'));
            if (start !== undefined) opts.start = start;
            if (end !== undefined) opts.end = end;
            const r = await ex.prefetchCandles(symbol, interval, opts);
            if (!r.ok && r.error.code === 'PAPER_SOURCE_UNREACHABLE') {
              req.resume();
              return sendError(res, r.error);
            }
          }
        }
      } catch {
        // fall through: the pipeline answers from what there is
      }
      await inner(req, res);
    })();
  };
}
