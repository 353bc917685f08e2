// Reference data used by several account views: currencies, pairs, fee policy, notices, market alerts.

import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { z } from 'zod/mini';
import {
  currencySchema,
  feePolicySchema,
  marketAlertSchema,
  noticeSchema,
} from '../../core/schemas/account.js';
import { currencyPairSchema } from '../../core/schemas/market.js';
import { tolerantArray } from '../../core/schemas/tolerant.js';
import { apiGet } from './api.js';
import { qk } from './queryKeys.js';

export type Currency = z.infer<typeof currencySchema>;
export type Network = Currency['networkList'][number];
export type FeePolicy = z.infer<typeof feePolicySchema>;
export type Notice = z.infer<typeof noticeSchema>;
export type MarketAlert = z.infer<typeof marketAlertSchema>;
export type CurrencyPair = z.infer<typeof currencyPairSchema>;

export function useCurrencies() {
  return useQuery({
    queryKey: qk.currencies(),
    queryFn: () => apiGet('/v2/currencies', undefined, { schema: tolerantArray(currencySchema, 'currency') }),
    staleTime: 5 * 60_000,
  });
}

export function useCurrencyPairs() {
  return useQuery({
    queryKey: qk.currencyPairs(),
    queryFn: () =>
      apiGet('/v2/currencyPairs', undefined, { schema: tolerantArray(currencyPairSchema, 'currency pair') }),
    staleTime: 5 * 60_000,
  });
}

export function useFeePolicy(profileId: string | null | undefined) {
  return useQuery({
    queryKey: qk.feePolicy(profileId),
    queryFn: () =>
      apiGet('/v2/tradingFeePolicy', undefined, {
        profileId,
        schema: tolerantArray(feePolicySchema, 'fee policy'),
      }),
    enabled: !!profileId,
    staleTime: 5 * 60_000,
  });
}

export function useNotices() {
  return useQuery({
    queryKey: qk.notices(),
    queryFn: () => apiGet('/v2/notices', undefined, { schema: tolerantArray(noticeSchema, 'notice') }),
    staleTime: 5 * 60_000,
  });
}

export function useMarketAlerts() {
  return useQuery({
    queryKey: qk.marketAlerts(),
    queryFn: () =>
      apiGet('/v2/marketAlerts', undefined, { schema: tolerantArray(marketAlertSchema, 'market alert') }),
    staleTime: 60_000,
  });
}

/** Pairs under a market alert, each with its alerts' names in the UI language (to flag wherever a pair is listed). */
export function useAlertSymbols(lang: 'ko' | 'en'): ReadonlyMap<string, string[]> {
  const { data } = useMarketAlerts();
  return useMemo(
    () =>
      new Map(
        (data ?? [])
          .filter((m) => m.alerts.length > 0)
          .map((m) => [m.symbol, m.alerts.map((a) => (lang === 'ko' ? a.typeKorean : null) ?? a.type)]),
      ),
    [data, lang],
  );
}
