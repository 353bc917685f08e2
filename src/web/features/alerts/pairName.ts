// "비트코인 BTC/KRW" / "Bitcoin BTC/KRW" for a symbol like btc_krw.
import { coinName } from '../../lib/market/marketNames.js';

export function marketLabel(symbol: string, lang: 'ko' | 'en'): string {
  const [base = symbol, quote = ''] = symbol.split('_');
  return `${coinName(base)[lang]} ${base.toUpperCase()}${quote ? `/${quote.toUpperCase()}` : ''}`;
}
