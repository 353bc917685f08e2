/** Public quotation endpoints (spec 4.1). */
import { isInterval } from '../../core/intervals.js';
import {
  badRequest,
  type Call,
  fail,
  int,
  market,
  ok,
  optInt,
  optStr,
  ParamError,
  type Route,
} from './route.js';

export const MAX_BOOK_LEVELS = 200;
export const DEFAULT_TRADES_LIMIT = 100;

function tickers(c: Call) {
  const filter = optStr(c.params, 'symbol');
  const all = c.sbx.markets.list();
  const wanted = filter === undefined ? all.map((m) => m.symbol) : filter.split(',');
  const seen = new Set<string>();
  const out = [];
  for (const s of wanted) {
    if (seen.has(s) || !c.sbx.markets.get(s)) continue;
    seen.add(s);
    out.push(c.sbx.exchange.getTicker(s));
  }
  return ok(out);
}

function orderbook(c: Call) {
  const m = market(c);
  const level = optStr(c.params, 'level');
  if (level !== undefined && !m.orderbookLevels.includes(level)) {
    throw new ParamError(badRequest(`level must be one of ${m.orderbookLevels.join(', ')}.`));
  }
  return ok(c.sbx.exchange.getOrderbook(m.symbol, MAX_BOOK_LEVELS, level));
}

function trades(c: Call) {
  const m = market(c);
  const limit = optInt(c.params, 'limit', 1, 500) ?? DEFAULT_TRADES_LIMIT;
  return ok(c.sbx.exchange.getTrades(m.symbol, limit));
}

function candles(c: Call) {
  const m = market(c);
  const interval = c.params.get('interval');
  if (interval === undefined) throw new ParamError(badRequest('interval is required.'));
  if (!isInterval(interval)) {
    return fail({
      status: 400,
      code: 'INVALID_INTERVAL',
      description: 'interval must be 1, 5, 15, 30, 60, 240, 1D or 1W.',
    });
  }
  const limit = int(c.params, 'limit', 1, 200);
  const start = optInt(c.params, 'start', 0, 8_640_000_000_000);
  const end = optInt(c.params, 'end', 0, 8_640_000_000_000);
  if (start !== undefined && end !== undefined && end <= start)
    throw new ParamError(badRequest('end must be larger than start.'));
  const opts: { start?: number; end?: number; limit: number } = { limit };
  if (start !== undefined) opts.start = start;
  if (end !== undefined) opts.end = end;
  return ok(c.sbx.exchange.getCandles(m.symbol, interval, opts));
}

function currencyPairs(c: Call) {
  return ok(
    c.sbx.markets.list().map((m) => {
      const r: Record<string, unknown> = {
        symbol: m.symbol,
        status: m.status,
        baseCurrency: m.baseCurrency,
        quoteCurrency: m.quoteCurrency,
      };
      if (m.minOrderValue !== undefined) r.minOrderValue = m.minOrderValue;
      if (m.maxOrderValue !== undefined) r.maxOrderValue = m.maxOrderValue;
      return r;
    }),
  );
}

function tickSizePolicy(c: Call) {
  const raw = c.params.get('symbol');
  if (!raw) throw new ParamError(badRequest('symbol is required.'));
  const out = [];
  for (const s of raw.split(',')) {
    const m = c.sbx.markets.get(s);
    if (!m) return fail({ status: 400, code: 'INVALID_CURRENCY_PAIR', description: `Unknown pair ${s}.` });
    out.push({ symbol: m.symbol, tickSizePolicy: m.tickSizePolicy, orderbookLevels: m.orderbookLevels });
  }
  return ok(out);
}

export const publicRoutes: Route[] = [
  { method: 'GET', path: '/v2/tickers', params: ['symbol'], handle: tickers },
  { method: 'GET', path: '/v2/orderbook', params: ['symbol', 'level'], handle: orderbook },
  { method: 'GET', path: '/v2/trades', params: ['symbol', 'limit'], handle: trades },
  {
    method: 'GET',
    path: '/v2/candles',
    params: ['symbol', 'interval', 'start', 'end', 'limit'],
    handle: candles,
  },
  { method: 'GET', path: '/v2/currencyPairs', params: [], handle: currencyPairs },
  { method: 'GET', path: '/v2/tickSizePolicy', params: ['symbol'], handle: tickSizePolicy },
];
