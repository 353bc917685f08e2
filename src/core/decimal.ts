// Decimal arithmetic on strings with big.js. Money never passes through a JS number.
import Big from 'big.js';
import { canonicalPlain, cmpCanonical, isMultipleOfCanonical, placesOfCanonical } from './plainDecimal.js';

// Never print exponent notation, whatever the magnitude.
Big.NE = -1_000_000;
Big.PE = 1_000_000;
Big.DP = 40;

export type Dec = string;
export type Rounding = 'down' | 'up' | 'halfUp' | 'halfEven';

const ROUNDING: Record<Rounding, 0 | 1 | 2 | 3> = { down: 0, halfUp: 1, halfEven: 2, up: 3 };

export const MAX_DECIMAL_LENGTH = 64;

export type ParseResult = { ok: true; value: string } | { ok: false; reason: string };

export interface ParseOptions {
  allowNegative?: boolean;
  allowZero?: boolean;
  maxLength?: number;
}

const PLAIN = /^-?(\d+)(\.\d+)?$/;

/** Accepts plain decimal strings only: digits, one optional dot, optional leading minus when allowed. */
export function parseDecimal(input: unknown, opts: ParseOptions = {}): ParseResult {
  const maxLength = opts.maxLength ?? MAX_DECIMAL_LENGTH;
  if (typeof input !== 'string') return { ok: false, reason: 'must be a decimal string' };
  if (input.length === 0) return { ok: false, reason: 'must not be empty' };
  if (input.length > maxLength) return { ok: false, reason: `must be at most ${maxLength} characters` };
  const value = canonicalPlain(input);
  if (value === null) return { ok: false, reason: 'must be a plain decimal number (digits and one dot)' };
  if (value.charCodeAt(0) === 45 && !opts.allowNegative) return { ok: false, reason: 'must not be negative' };
  if (value === '0' && opts.allowZero === false) return { ok: false, reason: 'must be greater than zero' };
  return { ok: true, value };
}

export function isDecimalString(s: unknown): s is string {
  return typeof s === 'string' && s.length > 0 && s.length <= MAX_DECIMAL_LENGTH && PLAIN.test(s);
}

function big(a: Dec | number): Big {
  return new Big(a);
}

/** Canonical plain form: no exponent, no trailing zeros after the dot, "-0" becomes "0". */
export function toPlain(a: Dec | Big): string {
  if (typeof a === 'string') {
    const c = canonicalPlain(a);
    if (c !== null) return c;
  }
  const b = a instanceof Big ? a : big(a);
  const s = b.toFixed();
  if (!s.includes('.')) return s === '-0' ? '0' : s;
  const trimmed = s.replace(/0+$/, '').replace(/\.$/, '');
  return trimmed === '-0' ? '0' : trimmed;
}

export const add = (a: Dec, b: Dec): Dec => toPlain(big(a).plus(b));
export const sub = (a: Dec, b: Dec): Dec => toPlain(big(a).minus(b));
export const mul = (a: Dec, b: Dec): Dec => toPlain(big(a).times(b));

/** Division always names its precision and rounding. */
export function div(a: Dec, b: Dec, dp: number, rounding: Rounding = 'halfUp'): Dec {
  if (big(b).eq(0)) throw new RangeError('division by zero');
  return toPlain(big(a).div(b).round(dp, ROUNDING[rounding]));
}

export function round(a: Dec, dp: number, rounding: Rounding = 'halfUp'): Dec {
  return toPlain(big(a).round(dp, ROUNDING[rounding]));
}

export function cmp(a: Dec, b: Dec): -1 | 0 | 1 {
  const ca = canonicalPlain(a);
  const cb = ca === null ? null : canonicalPlain(b);
  if (cb !== null) return cmpCanonical(ca!, cb);
  return big(a).cmp(b) as -1 | 0 | 1;
}
/** Bounds in canonical form, once per (immutable) bounds array. */
const boundsCache = new WeakMap<readonly Dec[], Dec[]>();

/**
 * Index of the last bound <= x in ascending bounds (-1 when x is below them all). x is read once
 * and the bounds once per array, where a loop of gte() parsed two numbers per bound.
 */
export function floorIndex(bounds: readonly Dec[], x: Dec): number {
  let sorted = boundsCache.get(bounds);
  if (sorted === undefined) {
    sorted = bounds.map((b) => toPlain(b));
    boundsCache.set(bounds, sorted);
  }
  const v = toPlain(x);
  let i = -1;
  while (i + 1 < sorted.length && cmpCanonical(v, sorted[i + 1]!) >= 0) i++;
  return i;
}

export const eq = (a: Dec, b: Dec) => cmp(a, b) === 0;
export const lt = (a: Dec, b: Dec) => cmp(a, b) < 0;
export const lte = (a: Dec, b: Dec) => cmp(a, b) <= 0;
export const gt = (a: Dec, b: Dec) => cmp(a, b) > 0;
export const gte = (a: Dec, b: Dec) => cmp(a, b) >= 0;
export const isZero = (a: Dec) => toPlain(a) === '0';
export const isPositive = (a: Dec) => {
  const c = toPlain(a);
  return c !== '0' && c.charCodeAt(0) !== 45;
};
export const isNegative = (a: Dec) => toPlain(a).charCodeAt(0) === 45;
export const min = (a: Dec, b: Dec): Dec => (lte(a, b) ? a : b);
export const max = (a: Dec, b: Dec): Dec => (gte(a, b) ? a : b);
export const abs = (a: Dec): Dec => toPlain(big(a).abs());
export const neg = (a: Dec): Dec => toPlain(big(a).neg());

export function sum(values: readonly Dec[]): Dec {
  let acc = new Big(0);
  for (const v of values) acc = acc.plus(v);
  return toPlain(acc);
}

/** Number of digits after the dot in the canonical form. */
export function decimalPlaces(a: Dec): number {
  return placesOfCanonical(toPlain(a));
}

/** Floor a value to a multiple of step (step > 0). */
export function floorToStep(a: Dec, step: Dec): Dec {
  return toPlain(big(a).div(step).round(0, 0).times(step));
}

/** Ceil a value to a multiple of step (step > 0). */
export function ceilToStep(a: Dec, step: Dec): Dec {
  return toPlain(big(a).div(step).round(0, 3).times(step));
}

/** Round a value to the nearest multiple of step, half up. */
export function nearestStep(a: Dec, step: Dec): Dec {
  return toPlain(big(a).div(step).round(0, 1).times(step));
}

export function isMultipleOf(a: Dec, step: Dec): boolean {
  const ca = canonicalPlain(a);
  const cs = ca === null ? null : canonicalPlain(step);
  const fast = cs === null ? null : isMultipleOfCanonical(ca!, cs);
  return fast ?? big(a).mod(step).eq(0);
}

/** Scaled integer for engines: value * 10^dp, exact, as a bigint-safe string check. */
export function toScaledInt(a: Dec, dp: number): number {
  const scaled = big(a).times(new Big(10).pow(dp));
  if (!scaled.round(0, 0).eq(scaled)) throw new RangeError(`${a} has more than ${dp} decimals`);
  const n = Number(scaled.toFixed(0));
  if (!Number.isSafeInteger(n)) throw new RangeError(`${a} is too large to scale by 10^${dp}`);
  return n;
}

export function fromScaledInt(n: number, dp: number): Dec {
  return toPlain(new Big(n).div(new Big(10).pow(dp)));
}
