// Warning sentences (Korean / English, lib/i18n/preTrade.ts) with their figures formatted for the screen:
// KRW amounts whole with separators, prices as the book writes them, quantities up to 8 decimals.
import type { PreTradeWarning } from '../../../core/preTrade/types.js';
import { formatNumber } from '../../lib/format.js';

type T = (key: string, vars?: Record<string, string | number>) => string;

export interface Units {
  base: string;
  quote: string;
  quoteDp: number;
}

/** "1.50000000" -> "1.5", "100.00000000" -> "100" (never touches the integer part). */
export const trimZeros = (s: string) => (s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s);

/** A percentage with two decimals and separators ("136230.2" -> "136,230.20"). */
export const pctText = (v: string) => formatNumber(v, { dp: 2, minDp: 2 });

/**
 * An average price as the book writes prices: whole won for prices of 100 and more (KRW convention), two
 * more decimals than the book below that, where the fraction tells something.
 */
export function avgText(avg: string, best: string | null): string {
  const ref = best ?? avg;
  const dot = ref.indexOf('.');
  const dp = dot < 0 ? 0 : ref.length - dot - 1;
  const small = (dot < 0 ? ref.length : dot) <= 2;
  return formatNumber(avg, { dp: small ? dp + 2 : dp });
}

export function sentenceOf(t: T, w: PreTradeWarning, u: Units): string {
  const B = u.base.toUpperCase();
  const Q = u.quote.toUpperCase();
  const price = (v: string) => formatNumber(v);
  const money = (v: string) => formatNumber(v, { dp: u.quoteDp });
  const qty = (v: string) => trimZeros(formatNumber(v, { dp: 8, rounding: 'down' }));
  const amount = (v: string, unit: 'base' | 'quote') => (unit === 'quote' ? money(v) : qty(v));
  const unitName = (unit: 'base' | 'quote') => (unit === 'quote' ? Q : B);
  switch (w.code) {
    case 'BOOK_TOO_THIN':
      return t('pt.w.BOOK_TOO_THIN', { unfilled: amount(w.unfilled, w.unit), unit: unitName(w.unit) });
    case 'PROTECTION_CAPS':
      return t('pt.w.PROTECTION_CAPS', {
        bound: price(w.bound),
        unfilled: amount(w.unfilled, w.unit),
        unit: unitName(w.unit),
      });
    case 'HIGH_SLIPPAGE':
      return t('pt.w.HIGH_SLIPPAGE', {
        avg: price(w.avg),
        best: price(w.best),
        pct: w.pct,
        quote: money(w.quote),
        q: Q,
      });
    case 'FAT_FINGER':
      return t(`pt.w.FAT_FINGER.${w.direction}`, {
        price: price(w.price),
        last: price(w.last),
        pct: pctText(w.pct),
      });
    case 'POST_ONLY_CROSSES':
      return t('pt.w.POST_ONLY_CROSSES', { price: price(w.price), best: price(w.best) });
    case 'DEPTH_SHARE':
    case 'EQUITY_SHARE':
      return t(`pt.w.${w.code}`, { pct: pctText(w.pct), limit: w.limit });
    case 'BEST_UNAVAILABLE':
      return t('pt.w.BEST_UNAVAILABLE', { nth: w.nth });
    case 'FOK_WOULD_KILL':
      return t('pt.w.FOK_WOULD_KILL', { filled: qty(w.filled), base: B });
    case 'IOC_WOULD_EXPIRE':
      return t('pt.w.IOC_WOULD_EXPIRE', { best: price(w.best) });
    case 'NO_LIQUIDITY':
      return t('pt.w.NO_LIQUIDITY');
  }
}
