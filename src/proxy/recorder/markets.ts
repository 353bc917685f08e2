// The recorded pairs' configuration for the recording's header: GET /v2/currencyPairs and
// GET /v2/tickSizePolicy per pair, public reads through the forwarder. A replay takes status, order
// value bounds and the tick policy from here. Best effort: a failed read leaves the pair out.
import type { RecordedMarket } from '../../core/recording/format.js';
import type { Forwarder } from '../forward/forwarder.js';

type Row = Record<string, unknown>;

async function read(forwarder: Forwarder, path: string, params: [string, string][]): Promise<Row[] | null> {
  try {
    const r = await forwarder.execute({ method: 'GET', path, params });
    return r.envelope.success && Array.isArray(r.envelope.data) ? (r.envelope.data as Row[]) : null;
  } catch {
    return null;
  }
}

/** The launched pairs of the upstream (null when the list cannot be read). */
export async function launchedPairRows(forwarder: Forwarder): Promise<Row[] | null> {
  const rows = await read(forwarder, '/v2/currencyPairs', []);
  return rows ? rows.filter((r) => r.status === 'launched' && typeof r.symbol === 'string') : null;
}

export async function recordedMarkets(
  forwarder: Forwarder,
  symbols: readonly string[],
  pairRows: readonly Row[],
): Promise<RecordedMarket[]> {
  const out: RecordedMarket[] = [];
  for (const symbol of symbols) {
    const row = pairRows.find((r) => r.symbol === symbol);
    const tsp = (await read(forwarder, '/v2/tickSizePolicy', [['symbol', symbol]]))?.[0];
    if (!row || !tsp || !Array.isArray(tsp.tickSizePolicy)) continue;
    const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
    const min = str(row.minOrderValue);
    const max = str(row.maxOrderValue);
    out.push({
      symbol,
      status: String(row.status),
      baseCurrency: String(row.baseCurrency),
      quoteCurrency: String(row.quoteCurrency),
      ...(min ? { minOrderValue: min } : {}),
      ...(max ? { maxOrderValue: max } : {}),
      tickSizePolicy: (tsp.tickSizePolicy as Row[]).map((t) => ({
        priceGte: String(t.priceGte),
        tickSize: String(t.tickSize),
      })),
      orderbookLevels: Array.isArray(tsp.orderbookLevels) ? tsp.orderbookLevels.map(String) : [],
    });
  }
  return out;
}
