/** Fat-finger price bound: a limit price must lie within [anchor / PRICE_BAND, anchor x PRICE_BAND]. */
import { priceStr } from '../engine/units.js';
import type { SbxError } from '../types.js';

export const PRICE_BAND = 10;

/** price and anchor (last trade or reference price) are scaled integers; anchor 0 = no bound. */
export function priceBandError(price: number, anchor: number): SbxError | null {
  if (anchor <= 0) return null;
  if (price > anchor * PRICE_BAND) {
    return {
      status: 400,
      code: 'PRICE_OVER_UPPER_BOUND',
      description: `Price is above ${PRICE_BAND}x the last price ${priceStr(anchor)}.`,
    };
  }
  if (price * PRICE_BAND < anchor) {
    return {
      status: 400,
      code: 'PRICE_UNDER_LOWER_BOUND',
      description: `Price is below 1/${PRICE_BAND} of the last price ${priceStr(anchor)}.`,
    };
  }
  return null;
}
