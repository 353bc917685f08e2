// The taker crowd of one simulated pair: Poisson arrivals scaled by the activity regime, sides
// leaning with the trend, log-normal sizes with an occasional large order, market IOC orders.
// The draws are made in a fixed order, so a seed gives the same orders.
import type { ExchangeService, MarketInfo } from '../context.js';
import type { SimParams } from './params.js';
import type { Rng } from './prng.js';
import { qtyToDec } from './ticks.js';

export interface TakerCrowd {
  ex: Pick<ExchangeService, 'placeOrder'>;
  rng: Rng;
  params: SimParams;
  symbol: string;
  userId: number;
}

/** What the crowd reads of its pair while it trades (read per order: trades move it). */
export interface TakerView {
  /** Regime activity multiplier of the arrival rate. */
  activity: number;
  /** The fair price (a sell's quantity is its quote amount over it). */
  fair(): number;
  /** Positive when the fair price has been rising. */
  trendBias(): number;
  placed(): void;
  failed(code: string): void;
}

/** Places the takers that arrive in dtSec seconds of market time. */
export function runTakers(c: TakerCrowd, market: MarketInfo, dtSec: number, v: TakerView): void {
  const n = c.rng.poisson((c.params.takerPerMin / 60) * dtSec * v.activity);
  for (let k = 0; k < n; k++) {
    const buyProb = 0.5 + Math.max(-0.15, Math.min(0.15, v.trendBias()));
    const side = c.rng.chance(buyProb) ? 'buy' : 'sell';
    const large = c.rng.chance(0.02) ? c.rng.uniform(8, 30) : 1;
    const min = Number(market.minOrderValue ?? '5000');
    const max = Number(market.maxOrderValue ?? '1e12');
    const quote = Math.min(
      max * 0.9,
      Math.max(min * 1.2, c.rng.logNormal(c.params.takerMedianQuote, 0.9) * large),
    );
    v.placed();
    const res =
      side === 'buy'
        ? c.ex.placeOrder({
            userId: c.userId,
            accountSeq: 1,
            symbol: c.symbol,
            side,
            orderType: 'market',
            amt: String(Math.floor(quote)),
            timeInForce: 'ioc',
          })
        : c.ex.placeOrder({
            userId: c.userId,
            accountSeq: 1,
            symbol: c.symbol,
            side,
            orderType: 'market',
            qty: qtyToDec(quote / v.fair(), market.qtyDecimals),
            timeInForce: 'ioc',
          });
    if (!res.ok) v.failed(res.error.code);
  }
}
