// First-start history: for every pair without trades, generate and bulk-import the history.
import type { MarketInfo, SandboxContext } from '../context.js';
import { notional, PRICE_DP, QTY_DP } from '../engine/units.js';
import { generateDeepHistory } from './deepHistory.js';
import { type CandleColumns, candleRecords, candlesToTrades, generateHistory } from './history.js';
import { paramsFor } from './params.js';
import { Rng } from './prng.js';
import { TickGrid } from './ticks.js';

/** Trades are seeded for this long before now; older minutes are seeded as candles. */
export const TRADE_WINDOW_MS = 26 * 3_600_000;
/** Hourly candles before the minute history, so 1D and 1W charts open on a full screen. */
export const DEEP_HISTORY_DAYS = 730;
/** Deep history is seeded only with a realistic minute history (tests use fewer days). */
export const DEEP_HISTORY_MIN_DAYS = 7;

/** Returns the number of pairs seeded. All pairs are written in one transaction (one fsync). */
export function seedHistory(ctx: SandboxContext, markets: MarketInfo[]): number {
  return ctx.store.tx(() => seedAll(ctx, markets));
}

function seedAll(ctx: SandboxContext, markets: MarketInfo[]): number {
  const { exchange, options } = ctx;
  const root = new Rng((options.seed >>> 0) ^ 0x41570);
  const endTime = ctx.now();
  let seeded = 0;
  for (const m of markets) {
    if (exchange.getTrades(m.symbol, 1).length > 0) continue;
    const grid = new TickGrid(m.tickSizePolicy);
    const endPrice = grid.toDec(grid.snap(Number(m.referencePrice)));
    const t0 = Date.now();
    const h = generateHistory({
      grid,
      endPrice,
      endTime,
      days: options.historyDays,
      tradeWindowMs: TRADE_WINDOW_MS,
      qtyDecimals: m.qtyDecimals,
      params: paramsFor(m.symbol),
      rng: root.fork(m.symbol),
    });
    const importWithCandles = exchange.importHistory as (
      symbol: string,
      trades: typeof h.trades,
      candles?: ReturnType<typeof candleRecords>,
    ) => void;
    const t1 = Date.now();
    if (options.historyDays >= DEEP_HISTORY_MIN_DAYS) {
      const first = h.candles.length > 0 ? h.candles : null;
      const deep = generateDeepHistory({
        grid,
        endScaled: first ? first.o[0]! : grid.fromDec(h.trades[0]?.price ?? endPrice),
        endTime: first ? first.ts[0]! : (h.trades[0]?.timestamp ?? endTime),
        days: DEEP_HISTORY_DAYS,
        qtyDecimals: m.qtyDecimals,
        params: paramsFor(m.symbol),
        rng: root.fork(`${m.symbol}:deep`),
      });
      insertCandlesDirect(ctx, m.symbol, deep);
    }
    if (importWithCandles.length >= 3) {
      importWithCandles.call(exchange, m.symbol, h.trades, candleRecords(h.candles));
    } else if (insertCandlesDirect(ctx, m.symbol, h.candles)) {
      exchange.importHistory(m.symbol, h.trades);
    } else {
      exchange.importHistory(m.symbol, [
        ...candlesToTrades(candleRecords(h.candles), m.qtyDecimals),
        ...h.trades,
      ]);
    }
    ctx.options.log(
      `market: history ${m.symbol}: generated in ${t1 - t0} ms, imported in ${Date.now() - t1} ms (${h.trades.length} trades, ${h.candles.length} candles)`,
    );
    seeded++;
  }
  return seeded;
}

/**
 * Stop-gap until importHistory takes candles (ws/NEEDS.md item 1): write the 1-minute candles
 * straight into the REST side's candle table, in its integer units, in one transaction. Returns
 * false (and writes nothing) when the table does not have the expected shape.
 */
function insertCandlesDirect(ctx: SandboxContext, symbol: string, k: CandleColumns): boolean {
  const db = ctx.store.db;
  let cols: string[];
  try {
    cols = (db.prepare('PRAGMA table_info(candles)').all() as Array<{ name: string }>).map((c) => c.name);
  } catch {
    return false;
  }
  const want = ['symbol', 'ts', 'o', 'h', 'l', 'c', 'v', 'qv'];
  if (!want.every((c) => cols.includes(c))) return false;
  if (k.priceDecimals > PRICE_DP || k.qtyDecimals > QTY_DP) return false;
  const pf = 10 ** (PRICE_DP - k.priceDecimals);
  const qf = 10 ** (QTY_DP - k.qtyDecimals);
  const ins = db.prepare(
    'INSERT OR IGNORE INTO candles(symbol, ts, o, h, l, c, v, qv) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  db.transaction(() => {
    for (let i = 0; i < k.length; i++) {
      const h = k.h[i]! * pf;
      const l = k.l[i]! * pf;
      const v = k.v[i]! * qf;
      ins.run(
        symbol,
        k.ts[i]!,
        k.o[i]! * pf,
        h,
        l,
        k.c[i]! * pf,
        v,
        String(notional(Math.round((h + l) / 2), v)),
      );
    }
  })();
  return true;
}
