// Division of two big.js values as the P&L has always done it (big.js `div` at dp + 2 places, half up,
// then rounded half up to dp places), worked out with integers: the index build divides once per
// disposal, and big.js's long division was a tenth of the build at 100,000 fills.
import Big from 'big.js';
import { divHalfUp, fromUnits, pow10 } from '../scaledDecimal.js';

/** A big.js value as an integer and its decimal places (value = int / 10^places, places >= 0). */
function scaled(b: Big): { int: bigint; places: number } {
  const digits = b.c.join('');
  const places = b.c.length - 1 - b.e;
  const abs = places >= 0 ? BigInt(digits) : BigInt(digits) * pow10(-places);
  return { int: b.s < 0 ? -abs : abs, places: Math.max(places, 0) };
}

/** a / b at dp + 2 places half up, then half up to dp places: big.js's div then round. */
export function exactDivRound(a: Big, b: Big, dp: number): Big {
  const x = scaled(a);
  const y = scaled(b);
  if (y.int === 0n) throw new Error('[big.js] Division by zero');
  const negative = x.int < 0n !== y.int < 0n;
  const num = x.int < 0n ? -x.int : x.int;
  const den = y.int < 0n ? -y.int : y.int;
  // a / b = (num / 10^xp) / (den / 10^yp); scaled by 10^(dp + 2)
  const shift = y.places - x.places + dp + 2;
  const wide = shift >= 0 ? divHalfUp(num * pow10(shift), den) : divHalfUp(num, den * pow10(-shift));
  // big.js's half up is away from zero: the sign goes on after rounding the magnitude
  const q = divHalfUp(wide, 100n);
  return new Big(fromUnits(negative ? -q : q, dp));
}
