// All tickers (GET /v2/tickers), kept live by the public ticker stream (setQueryData, no polling).
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { z } from 'zod/mini';
import { tickerSchema } from '../../../core/schemas/market.js';
import { tolerantArray } from '../../../core/schemas/tolerant.js';
import { apiGet } from '../api.js';
import { defaultRaf, frameScheduler } from '../frameScheduler.js';
import { qk } from '../queryKeys.js';
import { krwPricesFromTickers } from '../valuation.js';
import { publicStream } from '../ws.js';

export type Ticker = z.infer<typeof tickerSchema>;

export function upsertTicker(list: readonly Ticker[] | undefined, t: Ticker): Ticker[] {
  if (!list) return [t];
  const i = list.findIndex((x) => x.symbol === t.symbol);
  if (i < 0) return [...list, t];
  const next = list.slice();
  next[i] = { ...list[i], ...t };
  return next;
}

const TICKER_FLUSH_MS = 100;

/** Subscribes the ticker stream of `symbols` into the tickers cache; returns the unsubscribe. */
function startTickerFeed(qc: QueryClient, symbolsKey: string): () => void {
  // Frames are merged per symbol and written to the cache on an animation frame at most every 100 ms
  // (issue 12): every write re-renders each view of a ticker, and a busy stream sends many per frame.
  const pending = new Map<string, Ticker>();
  const schedule = frameScheduler(
    defaultRaf,
    () => {
      if (!pending.size) return;
      const batch = [...pending.values()];
      pending.clear();
      qc.setQueryData<Ticker[]>(qk.tickers(), (old) => batch.reduce<Ticker[] | undefined>(upsertTicker, old));
    },
    TICKER_FLUSH_MS,
  );
  const unsub = publicStream.subscribe({ type: 'ticker', symbols: symbolsKey.split(',') }, (frame) => {
    const parsed = tickerSchema.safeParse({ symbol: frame.symbol, ...(frame.data ?? {}) });
    if (!parsed.success) return;
    const prev = pending.get(parsed.data.symbol);
    pending.set(parsed.data.symbol, prev ? { ...prev, ...parsed.data } : parsed.data);
    schedule();
  });
  return () => {
    unsub();
    pending.clear();
  };
}

// One feed however many views read the tickers (issue 20: each card of the desk wall subscribed its own, and
// each wrote the whole list to the cache every 100 ms, so 12 cards rendered 12 x 12 times a tick).
/** Exported for its test. */
let feed: { qc: QueryClient; key: string; users: number; stop: () => void } | null = null;

export function shareTickerFeed(qc: QueryClient, symbolsKey: string): (() => void) | undefined {
  if (!symbolsKey) return undefined;
  if (feed && feed.qc === qc && feed.key === symbolsKey) feed.users++;
  else {
    feed?.stop();
    feed = { qc, key: symbolsKey, users: 1, stop: startTickerFeed(qc, symbolsKey) };
  }
  const mine = feed;
  return () => {
    if (--mine.users > 0 || feed !== mine) return;
    mine.stop();
    feed = null;
  };
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
  useEffect(() => shareTickerFeed(qc, symbolsKey), [symbolsKey, qc]);
  return q;
}

/** currency -> KRW last price, live. */
export function useKrwPrices() {
  const { data } = useTickers();
  return useMemo(() => krwPricesFromTickers(data ?? []), [data]);
}
