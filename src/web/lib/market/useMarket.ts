// Reference data for the trading screen: pairs, tick policy, fee policy, live ticker of one symbol.
import { useQuery } from '@tanstack/react-query';
import { feePolicySchema } from '../../../core/schemas/account.js';
import { currencyPairSchema, tickerSchema, tickSizePolicySchema } from '../../../core/schemas/market.js';
import { tolerantArray } from '../../../core/schemas/tolerant.js';
import { apiGet } from '../api.js';
import { qk } from '../queryKeys.js';
import type { CurrencyPair, FeePolicy, Ticker, TickSizePolicy } from '../types.js';
import { useTickers } from './useTickers.js';

export function useCurrencyPairs() {
  return useQuery<CurrencyPair[]>({
    queryKey: qk.currencyPairs(),
    queryFn: () =>
      apiGet('/v2/currencyPairs', undefined, { schema: tolerantArray(currencyPairSchema, 'currency pair') }),
    staleTime: 5 * 60_000,
  });
}

export function usePair(symbol: string): CurrencyPair | undefined {
  return useCurrencyPairs().data?.find((p) => p.symbol === symbol);
}

export function useTickSize(symbol: string) {
  return useQuery<TickSizePolicy | null>({
    queryKey: qk.tickSizePolicy(symbol),
    queryFn: async () => {
      const list = await apiGet(
        '/v2/tickSizePolicy',
        { symbol },
        { schema: tolerantArray(tickSizePolicySchema, 'tick size policy') },
      );
      return list.find((p) => p.symbol === symbol) ?? list[0] ?? null;
    },
    enabled: symbol !== '', // the endpoint requires a symbol (a closed dialog asks with none)
    staleTime: 10 * 60_000,
  });
}

/** Trading fee policy of the pair for the active key (private). */
export function useFeePolicy(profileId: string | null, symbol: string) {
  return useQuery<FeePolicy | null>({
    queryKey: qk.feePolicy(profileId, symbol),
    queryFn: async () => {
      const list = await apiGet(
        '/v2/tradingFeePolicy',
        { symbol },
        { profileId, schema: tolerantArray(feePolicySchema, 'fee policy') },
      );
      return list.find((p) => p.symbol === symbol) ?? null;
    },
    enabled: !!profileId,
    staleTime: 10 * 60_000,
  });
}

/** All tickers, live from the ticker stream (shared with the assets views). */
export { useTickers };

/**
 * One pair's ticker from the shared tickers cache. `select` keeps re-renders to changes of this pair only;
 * the stream that feeds the cache is mounted once by <TickerFeed/> (useTickers).
 */
export function useTicker(symbol: string): Ticker | undefined {
  return useQuery<Ticker[], Error, Ticker | undefined>({
    queryKey: qk.tickers(),
    queryFn: () => apiGet('/v2/tickers', undefined, { schema: tolerantArray(tickerSchema, 'ticker') }),
    staleTime: Number.POSITIVE_INFINITY,
    select: (list) => list.find((t) => t.symbol === symbol),
  }).data;
}

/** Mounts the live ticker stream (renders nothing). */
export function TickerFeed() {
  useTickers();
  return null;
}
