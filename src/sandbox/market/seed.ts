// First-start history: for every pair without trades, generate and bulk-import the history.
import type { MarketInfo, SandboxContext } from '../context.js';
import { candlesToTrades, generateHistory } from './history.js';
import { paramsFor } from './params.js';
import { Rng } from './prng.js';
import { TickGrid } from './ticks.js';

/** Trades are seeded for this long before now; older minutes are seeded as candles. */
export const TRADE_WINDOW_MS = 26 * 3_600_000;

/** Returns the number of pairs seeded. */
export function seedHistory(ctx: SandboxContext, markets: MarketInfo[]): number {
  const { exchange, options } = ctx;
  const root = new Rng((options.seed >>> 0) ^ 0x41570);
  const endTime = ctx.now();
  let seeded = 0;
  for (const m of markets) {
    if (exchange.getTrades(m.symbol, 1).length > 0) continue;
    const grid = new TickGrid(m.tickSizePolicy);
    const endPrice = grid.toDec(grid.snap(Number(m.referencePrice)));
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
      candles?: typeof h.candles1m,
    ) => void;
    if (importWithCandles.length >= 3) importWithCandles.call(exchange, m.symbol, h.trades, h.candles1m);
    else exchange.importHistory(m.symbol, [...candlesToTrades(h.candles1m, m.qtyDecimals), ...h.trades]);
    seeded++;
  }
  return seeded;
}
