// Integer tick grid for the simulation's hot loop. The tick-size policy (decimal strings) is
// converted once into scaled integers; float prices from the price process are snapped here and
// leave as exact decimal strings. Tests check every result against core/tick.ts (isOnTick).
import type { TickRange } from '../../core/tick.js';

function decimalsOf(s: string): number {
  const i = s.indexOf('.');
  return i < 0 ? 0 : s.length - i - 1;
}

function toScaled(s: string, d: number): number {
  const [intPart = '0', frac = ''] = s.split('.');
  const digits = intPart + frac.padEnd(d, '0').slice(0, d);
  const n = Number(digits);
  if (!Number.isSafeInteger(n)) throw new RangeError(`value out of range: ${s}`);
  return n;
}

export class TickGrid {
  /** Price decimals of the scaled integers. */
  readonly scaleDecimals: number;
  private readonly scale: number;
  private readonly gte: number[];
  private readonly tick: number[];

  constructor(policy: readonly TickRange[]) {
    if (policy.length === 0) throw new RangeError('tick size policy is empty');
    const d = Math.max(...policy.map((r) => Math.max(decimalsOf(r.tickSize), decimalsOf(r.priceGte))));
    this.scaleDecimals = d;
    this.scale = 10 ** d;
    const ranges = policy
      .map((r) => ({ gte: toScaled(r.priceGte, d), tick: toScaled(r.tickSize, d) }))
      .sort((a, b) => a.gte - b.gte);
    this.gte = ranges.map((r) => r.gte);
    this.tick = ranges.map((r) => r.tick);
  }

  /** Tick (scaled) that applies to a scaled price. */
  tickAt(x: number): number {
    let i = 0;
    while (i + 1 < this.gte.length && x >= this.gte[i + 1]!) i++;
    return this.tick[i]!;
  }

  /** Snap a scaled integer-or-float price to the grid. */
  snapScaled(x: number, dir: 'down' | 'up' | 'nearest'): number {
    const t = this.tickAt(x);
    const q = x / t;
    let s = (dir === 'down' ? Math.floor(q + 1e-9) : dir === 'up' ? Math.ceil(q - 1e-9) : Math.round(q)) * t;
    if (s <= 0) s = this.tick[0]!;
    const t2 = this.tickAt(s);
    if (s % t2 !== 0) s = dir === 'down' ? Math.floor(s / t2) * t2 : Math.ceil(s / t2) * t2;
    return s;
  }

  /** Snap a float price (in quote units) to a scaled tick price. */
  snap(price: number, dir: 'down' | 'up' | 'nearest' = 'nearest'): number {
    return this.snapScaled(price * this.scale, dir);
  }

  /** One tick above a scaled on-grid price. */
  up(x: number): number {
    return this.snapScaled(x + this.tickAt(x), 'up');
  }

  /** One tick below a scaled on-grid price (never below the smallest tick). */
  down(x: number): number {
    const below = x - 1;
    if (below <= 0) return x;
    const s = this.snapScaled(below, 'down');
    return s > 0 ? s : x;
  }

  toNumber(x: number): number {
    return x / this.scale;
  }

  /** Exact decimal string of a scaled price (no exponent, no trailing zeros). */
  toDec(x: number): string {
    return scaledToDec(x, this.scaleDecimals);
  }

  fromDec(s: string): number {
    return toScaled(s, this.scaleDecimals);
  }
}

/** Exact decimal string of an integer scaled by 10^d, without trailing zeros. */
export function scaledToDec(x: number, d: number): string {
  const neg = x < 0;
  let s = String(Math.abs(Math.round(x)));
  if (d > 0) {
    s = s.padStart(d + 1, '0');
    const intPart = s.slice(0, s.length - d);
    const frac = s.slice(s.length - d).replace(/0+$/, '');
    s = frac ? `${intPart}.${frac}` : intPart;
  }
  return neg ? `-${s}` : s;
}

/** Quantity (float) rounded down to `dp` decimals, as an exact decimal string; '0' when it vanishes. */
export function qtyToDec(q: number, dp: number): string {
  const scaled = Math.floor(q * 10 ** dp + 1e-7);
  return scaledToDec(Math.max(0, scaled), dp);
}
