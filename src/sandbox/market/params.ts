// Simulation parameters per pair. Prices come from the market's referencePrice (REST side); these
// describe how each market moves and trades. Unknown pairs get DEFAULT_PARAMS.

export interface SimParams {
  /** Daily volatility of the log price (0.03 = 3 %). */
  dailyVol: number;
  /** Mean taker orders per minute in a normal regime. */
  takerPerMin: number;
  /** Median taker order value in the quote currency. */
  takerMedianQuote: number;
  /** Quote value of a maker level near the touch. */
  makerLevelQuote: number;
  /** Book depth each side as a fraction of the price (the far end of the maker ladder). */
  depthFraction: number;
  /** Spacing of the near levels in basis points (at least one tick). */
  nearSpacingBps: number;
  /** Half spread in basis points (at least one tick). */
  halfSpreadBps: number;
  /** Mean reversion toward the starting price per day (0 = none; stablecoins revert). */
  meanReversionPerDay: number;
}

export const DEFAULT_PARAMS: SimParams = {
  dailyVol: 0.04,
  takerPerMin: 4,
  takerMedianQuote: 80_000,
  makerLevelQuote: 1_500_000,
  depthFraction: 0.012,
  halfSpreadBps: 2,
  nearSpacingBps: 0,
  meanReversionPerDay: 0,
};

export const SIM_PARAMS: Record<string, SimParams> = {
  btc_krw: {
    ...DEFAULT_PARAMS,
    dailyVol: 0.025,
    takerPerMin: 9,
    takerMedianQuote: 250_000,
    makerLevelQuote: 8_000_000,
    halfSpreadBps: 0.5,
    nearSpacingBps: 0.5,
    depthFraction: 0.006,
  },
  eth_krw: {
    ...DEFAULT_PARAMS,
    dailyVol: 0.035,
    takerPerMin: 7,
    takerMedianQuote: 180_000,
    makerLevelQuote: 5_000_000,
    halfSpreadBps: 1,
    depthFraction: 0.008,
  },
  xrp_krw: {
    ...DEFAULT_PARAMS,
    dailyVol: 0.045,
    takerPerMin: 7,
    takerMedianQuote: 100_000,
    makerLevelQuote: 3_000_000,
  },
  sol_krw: {
    ...DEFAULT_PARAMS,
    dailyVol: 0.05,
    takerPerMin: 5,
    takerMedianQuote: 120_000,
    makerLevelQuote: 2_000_000,
  },
  doge_krw: {
    ...DEFAULT_PARAMS,
    dailyVol: 0.055,
    takerPerMin: 4,
    takerMedianQuote: 60_000,
    makerLevelQuote: 1_500_000,
    depthFraction: 0.02,
  },
  usdt_krw: {
    ...DEFAULT_PARAMS,
    dailyVol: 0.003,
    takerPerMin: 3,
    takerMedianQuote: 300_000,
    makerLevelQuote: 20_000_000,
    depthFraction: 0.004,
    meanReversionPerDay: 2,
  },
};

export function paramsFor(symbol: string): SimParams {
  return SIM_PARAMS[symbol] ?? DEFAULT_PARAMS;
}

/** Activity regimes: multiplier on order arrival and on volatility, with relative weights. */
export const REGIMES = [
  { name: 'quiet', activity: 0.3, weight: 0.25, meanMinutes: 12 },
  { name: 'normal', activity: 1, weight: 0.45, meanMinutes: 20 },
  { name: 'active', activity: 2, weight: 0.2, meanMinutes: 10 },
  { name: 'burst', activity: 4, weight: 0.1, meanMinutes: 3 },
] as const;

/** Trading activity by hour of day in KST (UTC+9): busy evenings, quiet early mornings. */
export function diurnalFactor(ts: number): number {
  const hourKst = (((ts / 3_600_000 + 9) % 24) + 24) % 24;
  return (
    0.65 + 0.45 * Math.sin(((hourKst - 9) / 24) * 2 * Math.PI) + (hourKst >= 21 || hourKst < 1 ? 0.3 : 0)
  );
}
