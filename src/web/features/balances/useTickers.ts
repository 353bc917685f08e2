// All tickers (GET /v2/tickers), kept live by the public ticker stream (setQueryData, no polling).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { z } from 'zod';
import { tickerSchema } from '../../../core/schemas/market.js';
import { tolerantArray } from '../../../core/schemas/tolerant.js';
import { apiGet } from '../../lib/api.js';
import { qk } from '../../lib/queryKeys.js';
import { publicStream } from '../../lib/ws.js';
import { krwPricesFromTickers } from './valuation.js';

export type Ticker = z.infer<typeof tickerSchema>;

export function upsertTicker(list: readonly Ticker[] | undefined, t: Ticker): Ticker[] {
  if (!list) return [t];
  const i = list.findIndex((x) => x.symbol === t.symbol);
  if (i < 0) return [...list, t];
  const next = list.slice();
  next[i] = { ...list[i], ...t };
  return next;
}

export function useTickers() {
  const qc = useQueryClient();
  const q = useQuery<Ticker[]>({
    queryKey: qk.tickers(),
    queryFn: () => apiGet('/v2/tickers', undefined, { schema: tolerantArray(tickerSchema, 'ticker') }),
    staleTime: Number.POSITIVE_INFINITY,
    // Hot: replaced on every ticker frame; structural sharing would only cost time.
    structuralSharing: false,
  });
  const symbolsKey = (q.data ?? [])
    .map((t) => t.symbol)
    .sort()
    .join(',');
  useEffect(() => {
    if (!symbolsKey) return;
    return publicStream.subscribe({ type: 'ticker', symbols: symbolsKey.split(',') }, (frame) => {
      const parsed = tickerSchema.safeParse({ symbol: frame.symbol, ...(frame.data ?? {}) });
      if (!parsed.success) return;
      qc.setQueryData<Ticker[]>(qk.tickers(), (old) => upsertTicker(old, parsed.data));
    });
  }, [symbolsKey, qc]);
  return q;
}

/** currency -> KRW last price, live. */
export function useKrwPrices() {
  const { data } = useTickers();
  return useMemo(() => krwPricesFromTickers(data ?? []), [data]);
}
