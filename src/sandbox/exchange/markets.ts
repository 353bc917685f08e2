/**
 * Trading pairs: default configuration (first start) and the registry persisted in SQLite.
 * Tick policy in the style of Korean exchanges' KRW markets; fees maker 0.0002 / taker 0.0005;
 * min 5,000 / max 1,000,000,000 KRW per order.
 */
import type { Store } from '../store/db.js';
import type { MarketInfo, TickRange } from '../types.js';

export const KRW_TICK_POLICY: TickRange[] = [
  { priceGte: '0', tickSize: '0.0001' },
  { priceGte: '1', tickSize: '0.001' },
  { priceGte: '10', tickSize: '0.01' },
  { priceGte: '100', tickSize: '0.1' },
  { priceGte: '1000', tickSize: '1' },
  { priceGte: '10000', tickSize: '10' },
  { priceGte: '100000', tickSize: '50' },
  { priceGte: '500000', tickSize: '100' },
  { priceGte: '1000000', tickSize: '500' },
  { priceGte: '2000000', tickSize: '1000' },
];

const DEFAULTS: Array<{ base: string; price: string; levels: string[] }> = [
  { base: 'btc', price: '140000000', levels: ['10000', '100000', '1000000'] },
  { base: 'eth', price: '5000000', levels: ['10000', '100000', '1000000'] },
  { base: 'xrp', price: '3000', levels: ['10', '100'] },
  { base: 'sol', price: '250000', levels: ['500', '5000'] },
  { base: 'doge', price: '350', levels: ['1', '10'] },
  { base: 'usdt', price: '1450', levels: ['10', '100'] },
];

export function defaultMarkets(now: number): MarketInfo[] {
  return DEFAULTS.map((d) => ({
    symbol: `${d.base}_krw`,
    baseCurrency: d.base,
    quoteCurrency: 'krw',
    status: 'launched',
    minOrderValue: '5000',
    maxOrderValue: '1000000000',
    tickSizePolicy: KRW_TICK_POLICY,
    orderbookLevels: d.levels,
    makerFeeRate: '0.0002',
    takerFeeRate: '0.0005',
    qtyDecimals: 8,
    referencePrice: d.price,
    // Before the seeded history (30 days of minutes after two years of hourly candles).
    listedAt: now - 800 * 86_400_000,
  }));
}

export class MarketRegistry {
  private readonly markets = new Map<string, MarketInfo>();

  constructor(
    private readonly store: Store,
    now: number,
  ) {
    const rows = store.db.prepare('SELECT data FROM markets ORDER BY rowid').all() as Array<{ data: string }>;
    if (rows.length === 0) {
      store.tx(() => {
        for (const m of defaultMarkets(now)) this.save(m);
      });
    } else {
      for (const r of rows) {
        const m = JSON.parse(r.data) as MarketInfo;
        this.markets.set(m.symbol, m);
      }
    }
  }

  get(symbol: string): MarketInfo | undefined {
    return this.markets.get(symbol);
  }

  list(): MarketInfo[] {
    return [...this.markets.values()];
  }

  /** Persists (call inside a transaction or alone). */
  save(m: MarketInfo): void {
    this.markets.set(m.symbol, m);
    this.store.db
      .prepare(
        'INSERT INTO markets(symbol, data) VALUES (?, ?) ON CONFLICT(symbol) DO UPDATE SET data = excluded.data',
      )
      .run(m.symbol, JSON.stringify(m));
  }

  currencies(): string[] {
    const set = new Set<string>();
    for (const m of this.markets.values()) {
      set.add(m.quoteCurrency);
      set.add(m.baseCurrency);
    }
    return [...set];
  }
}
