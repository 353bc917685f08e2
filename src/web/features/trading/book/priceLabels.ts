// Per-price texts of the ladder (price, change against the previous close, tone). They depend only on the
// price, the previous close and the display decimals, and the same prices come back frame after frame, so
// each price is worked out once (big.js) and then read from a map.
import { type Dec, div, isNegative, isPositive, mul, sub } from '../../../../core/decimal.js';
import { formatPercent } from '../../../lib/format.js';
import { fixedText, fracDigits } from '../../../lib/market/scaled.js';

export type Tone = 'text-up' | 'text-down' | 'text-fg';

export interface PriceLabel {
  priceText: string;
  changeText: string;
  tone: Tone;
}

const LIMIT = 4000;

/**
 * A cached labeller for one (previous close, decimals) context. `dpFor` gives the price decimals (undefined:
 * as the exchange sent it).
 */
export function priceLabeler(prevClose: Dec | null | undefined, dpFor: (price: Dec) => number | undefined) {
  const cache = new Map<string, PriceLabel>();
  const base = prevClose && isPositive(prevClose) ? prevClose : null;
  return (price: Dec): PriceLabel => {
    const hit = cache.get(price);
    if (hit) return hit;
    const dp = dpFor(price);
    const change = base ? div(mul(sub(price, base), '100'), base, 2, 'halfUp') : null;
    const label: PriceLabel = {
      priceText: fixedText(price, dp ?? fracDigits(price)),
      changeText: change ? formatPercent(change) : '',
      tone: !change
        ? 'text-fg'
        : isPositive(change)
          ? 'text-up'
          : isNegative(change)
            ? 'text-down'
            : 'text-fg',
    };
    if (cache.size >= LIMIT) cache.clear();
    cache.set(price, label);
    return label;
  };
}
