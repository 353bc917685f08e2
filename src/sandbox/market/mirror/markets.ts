/**
 * The source's pairs as paper mode needs them: GET /v2/currencyPairs, GET /v2/tickSizePolicy (50
 * symbols a request) and GET /v2/tickers (last prices), all public reads through PublicClient.
 */
import type { Ticker, TickRange } from '../../types.js';
import type { SourceMarket } from '../source.js';
import type { PublicClient } from './publicClient.js';

interface PairWire {
  symbol: string;
  status?: string;
  baseCurrency?: string;
  quoteCurrency?: string;
  minOrderValue?: string;
  maxOrderValue?: string;
}
interface PolicyWire {
  symbol: string;
  tickSizePolicy: TickRange[];
  orderbookLevels?: string[];
}

export type MarketsAnswer =
  | { ok: true; markets: SourceMarket[]; tickers: Ticker[] }
  | { ok: false; detail: string };

export async function fetchSourceMarkets(client: PublicClient): Promise<MarketsAnswer> {
  const pairs = await client.get<PairWire[]>('/v2/currencyPairs');
  if (!pairs.ok || !Array.isArray(pairs.value))
    return {
      ok: false,
      detail: pairs.ok ? 'currencyPairs is not a list' : (pairs.error.description ?? pairs.error.code),
    };
  const symbols = pairs.value.map((p) => p.symbol).filter((s) => typeof s === 'string');
  const policies = new Map<string, PolicyWire>();
  for (let i = 0; i < symbols.length; i += 50) {
    const r = await client.get<PolicyWire[]>('/v2/tickSizePolicy', {
      symbol: symbols.slice(i, i + 50).join(','),
    });
    if (!r.ok || !Array.isArray(r.value))
      return {
        ok: false,
        detail: r.ok ? 'tickSizePolicy is not a list' : (r.error.description ?? r.error.code),
      };
    for (const p of r.value) policies.set(p.symbol, p);
  }
  const tick = await client.get<Ticker[]>('/v2/tickers');
  const tickers = tick.ok && Array.isArray(tick.value) ? tick.value : [];
  const last = new Map(tickers.map((t) => [t.symbol, t.close]));
  const markets: SourceMarket[] = [];
  for (const p of pairs.value) {
    const pol = policies.get(p.symbol);
    const [base, quote] = p.symbol.split('_');
    if (!pol || !base || !quote) continue;
    const m: SourceMarket = {
      symbol: p.symbol,
      baseCurrency: p.baseCurrency ?? base,
      quoteCurrency: p.quoteCurrency ?? quote,
      status: p.status === 'launched' ? 'launched' : 'stopped',
      tickSizePolicy: pol.tickSizePolicy,
      orderbookLevels: pol.orderbookLevels ?? [],
    };
    if (p.minOrderValue !== undefined) m.minOrderValue = p.minOrderValue;
    if (p.maxOrderValue !== undefined) m.maxOrderValue = p.maxOrderValue;
    const l = last.get(p.symbol);
    if (l) m.lastPrice = l;
    markets.push(m);
  }
  return { ok: true, markets, tickers };
}
