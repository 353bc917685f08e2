/**
 * Simulated market activity and seeded history.
 *
 * startMarket(ctx) seeds history at first start (per pair, when the pair has no trades yet), creates
 * two bot users (maker and taker), and steps every simulated pair on a timer. The returned
 * controller is the control API for the admin routes and the CLI (see docs/sandbox.md,
 * "Streams, simulation and faults"); the stub's `{stop()}` signature is kept.
 */
import type { MarketInfo, SandboxContext } from '../context.js';
import { PairSim, type PairSimStatus } from './pairSim.js';
import { paramsFor } from './params.js';
import { Rng } from './prng.js';
import { seedHistory } from './seed.js';

export type { PairSimStatus } from './pairSim.js';

/** Market time per simulation step. */
export const STEP_MS = 250;

export interface MarketController {
  stop(): void;
  status(): PairSimStatus[];
  /** Turn the simulation of one pair on or off (off = pure order book; maker quotes withdrawn). */
  setSimulated(symbol: string, on: boolean): boolean;
  isSimulated(symbol: string): boolean;
  /** Jump the fair price of a pair (the admin "move price" also works through setReferencePrice). */
  setPrice(symbol: string, price: string): boolean;
  /** Run n steps now (tests, demos with the timer off). */
  step(n?: number): void;
  /** Milliseconds the history seeding took at start (0 when nothing was seeded). */
  historyMs: number;
}

export interface StartMarketOptions {
  /** Start the timer (default true). With false, call step() yourself. */
  autoStart?: boolean;
}

function botFunding(markets: MarketInfo[]): Record<string, string> {
  const f: Record<string, string> = { krw: '100000000000000' };
  for (const m of markets) {
    const p = Number(m.referencePrice) || 1;
    // About 50 billion KRW worth of each coin.
    f[m.baseCurrency] = String(Math.max(1, Math.round(5e10 / p)));
  }
  return f;
}

export function startMarket(ctx: SandboxContext, opts: StartMarketOptions = {}): MarketController {
  const { exchange, bus, options } = ctx;
  const log = options.log;
  const markets = exchange.listMarkets();
  const seedStart = Date.now();
  let historyMs = 0;
  if (options.historyDays > 0) {
    const seeded = seedHistory(ctx, markets);
    historyMs = seeded > 0 ? Math.max(1, Date.now() - seedStart) : 0;
    if (seeded > 0)
      log(`market: seeded ${options.historyDays} days of history for ${seeded} pairs in ${historyMs} ms`);
  }

  const funding = botFunding(markets);
  const makerUser = exchange.createBotUser('sim-maker', funding);
  const takerUser = exchange.createBotUser('sim-taker', funding);
  const root = new Rng(options.seed >>> 0);
  const sims = new Map<string, PairSim>();
  const lastRef = new Map<string, string>();
  for (const m of markets) {
    const last = exchange.getTrades(m.symbol, 1)[0]?.price;
    const start = last ?? m.referencePrice;
    const sim = new PairSim(
      exchange,
      m,
      paramsFor(m.symbol),
      root.fork(m.symbol),
      makerUser,
      takerUser,
      start,
    );
    sim.withdrawQuotes(); // quotes of a previous run are not tracked: start clean
    if (!options.simulate) sim.enabled = false;
    sims.set(m.symbol, sim);
    lastRef.set(m.symbol, m.referencePrice);
  }

  const onTrade = (e: { symbol: string; trade: { price: string } }) =>
    sims.get(e.symbol)?.observeTrade(e.trade.price);
  const onOrder = (e: { order: Parameters<PairSim['observeOrder']>[0] }) =>
    sims.get(e.order.symbol)?.observeOrder(e.order);
  const onMarket = (e: { symbol: string; market: MarketInfo }) => {
    const sim = sims.get(e.symbol);
    if (!sim) return;
    sim.observeMarket(e.market);
    if (lastRef.get(e.symbol) !== e.market.referencePrice) {
      lastRef.set(e.symbol, e.market.referencePrice);
      sim.setPrice(e.market.referencePrice);
    }
  };
  bus.on('trade', onTrade);
  bus.on('order', onOrder);
  bus.on('market', onMarket);

  let stepping = false;
  const step = (n = 1) => {
    if (stepping) return; // re-entrancy through bus events
    stepping = true;
    try {
      for (let i = 0; i < n; i++) {
        // one step, one command: undone whole if it throws (store/turn.ts)
        ctx.store.tx(() => {
          for (const sim of sims.values()) {
            try {
              sim.step(STEP_MS / 1000);
            } catch (err) {
              log(`market: ${sim.symbol} step failed: ${(err as Error).message}`);
            }
          }
        });
      }
    } catch (err) {
      log(`market: step failed: ${(err as Error).message}`);
    } finally {
      stepping = false;
    }
  };

  const speed = options.speed > 0 ? options.speed : 1;
  const intervalMs = Math.max(20, STEP_MS / speed);
  const stepsPerTick = Math.max(1, Math.round((speed * intervalMs) / STEP_MS));
  let timer: NodeJS.Timeout | null = null;
  if (opts.autoStart !== false) {
    timer = setInterval(() => step(stepsPerTick), intervalMs);
    timer.unref();
  }

  return {
    historyMs,
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
      bus.off('trade', onTrade);
      bus.off('order', onOrder);
      bus.off('market', onMarket);
    },
    status: () => [...sims.values()].map((s) => s.status()),
    setSimulated(symbol, on) {
      const sim = sims.get(symbol);
      if (!sim) return false;
      if (on) sim.enable();
      else sim.disable();
      log(`market: simulation ${on ? 'on' : 'off'} for ${symbol}`);
      return true;
    },
    isSimulated: (symbol) => sims.get(symbol)?.enabled ?? false,
    setPrice(symbol, price) {
      const sim = sims.get(symbol);
      if (!sim) return false;
      sim.setPrice(price);
      return true;
    },
    step,
  };
}
