// The fair-price process behind a simulated market: a log random walk with switching activity
// regimes (quiet spells, bursts), slowly changing trends, and optional mean reversion. Floats
// inside; every price that leaves the simulation is snapped to the tick grid as a decimal string.
import { REGIMES, type SimParams } from './params.js';
import type { Rng } from './prng.js';

const SECONDS_PER_DAY = 86_400;

export class PriceProcess {
  logPrice: number;
  private anchorLog: number;
  /** Drift of the log price per second. */
  private drift = 0;
  private regimeIndex = 1;
  private regimeLeftSec: number;
  private lastDt = -1;
  private sigmaDt = 0;
  private volMult = 1;

  constructor(
    startPrice: number,
    private readonly params: SimParams,
    private readonly rng: Rng,
  ) {
    this.logPrice = Math.log(startPrice);
    this.anchorLog = this.logPrice;
    this.regimeLeftSec = this.rng.exp(REGIMES[1].meanMinutes * 60);
    this.newTrend();
  }

  get price(): number {
    return Math.exp(this.logPrice);
  }

  /** Multiplier on order flow for the current regime. */
  get activity(): number {
    return REGIMES[this.regimeIndex]!.activity;
  }

  get regime(): string {
    return REGIMES[this.regimeIndex]!.name;
  }

  /** Jump to a price (admin "move the market"); the new price becomes the reversion anchor. */
  setPrice(price: number): void {
    this.logPrice = Math.log(price);
    this.anchorLog = this.logPrice;
  }

  /** Pull the fair price toward an observed trade price (trades move the market). */
  nudgeToward(price: number, weight: number): void {
    this.logPrice += (Math.log(price) - this.logPrice) * weight;
  }

  /** Advance by dt seconds; returns the log return of the step. */
  step(dtSec: number): number {
    this.regimeLeftSec -= dtSec;
    if (this.regimeLeftSec <= 0) this.switchRegime();
    if (dtSec !== this.lastDt) {
      this.lastDt = dtSec;
      this.sigmaDt = (this.params.dailyVol / Math.sqrt(SECONDS_PER_DAY)) * Math.sqrt(dtSec);
    }
    let r = this.drift * dtSec + this.sigmaDt * this.volMult * this.rng.normal();
    if (this.params.meanReversionPerDay > 0) {
      r += (this.anchorLog - this.logPrice) * (this.params.meanReversionPerDay / SECONDS_PER_DAY) * dtSec;
    }
    this.logPrice += r;
    return r;
  }

  private switchRegime(): void {
    let u = this.rng.next() * REGIMES.reduce((s, g) => s + g.weight, 0);
    let i = 0;
    for (; i < REGIMES.length - 1; i++) {
      u -= REGIMES[i]!.weight;
      if (u < 0) break;
    }
    this.regimeIndex = i;
    this.volMult = Math.sqrt(REGIMES[i]!.activity);
    this.regimeLeftSec = this.rng.exp(REGIMES[i]!.meanMinutes * 60);
    if (this.rng.chance(0.4)) this.newTrend();
  }

  private newTrend(): void {
    // A trend of up to about one daily volatility per few hours, either way.
    this.drift = (this.rng.normal() * this.params.dailyVol * 1.5) / SECONDS_PER_DAY;
  }
}
