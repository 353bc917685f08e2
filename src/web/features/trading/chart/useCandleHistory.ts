// Candle history for the chart: the newest page first, then older pages of 200 as the user scrolls back.
// Pages are fetched through TanStack Query with explicit keys; the live last candle is the chart's business.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Interval } from '../../../../core/intervals.js';
import { candleSchema } from '../../../../core/schemas/market.js';
import { tolerantArray } from '../../../../core/schemas/tolerant.js';
import { apiGet } from '../../../lib/api.js';
import { qk } from '../../../lib/queryKeys.js';
import type { Candle } from '../../../lib/types.js';
import { mergeCandles } from './candleMath.js';

export const CANDLE_PAGE = 200;

export interface CandleHistory {
  candles: Candle[];
  /** Bumped on every replacement of `candles` (first page, older page). */
  version: number;
  /** How many candles the last older page prepended (to keep the viewport still). */
  prepended: number;
  loading: boolean;
  error: unknown;
  exhausted: boolean;
  /** Local time when the newest page was fetched; live trades before it are already in the history. */
  fetchedAt: number;
}

const EMPTY: CandleHistory = {
  candles: [],
  version: 0,
  prepended: 0,
  loading: true,
  error: null,
  exhausted: false,
  fetchedAt: 0,
};

export function useCandleHistory(symbol: string, interval: Interval) {
  const qc = useQueryClient();
  const [state, setState] = useState<CandleHistory>(EMPTY);
  const busy = useRef(false);
  const ref = useRef(state);
  ref.current = state;

  const fetchPage = useCallback(
    (end?: number) =>
      qc.fetchQuery({
        queryKey: qk.candlesPage(symbol, interval, end ?? 'latest'),
        queryFn: () =>
          apiGet(
            '/v2/candles',
            { symbol, interval, limit: CANDLE_PAGE, end },
            { schema: tolerantArray(candleSchema, 'candle') },
          ),
        staleTime: end ? 5 * 60_000 : 0,
      }),
    [qc, symbol, interval],
  );

  const loadLatest = useCallback(() => {
    let cancelled = false;
    setState({ ...EMPTY, version: ref.current.version + 1 });
    const fetchedAt = Date.now();
    fetchPage()
      .then((page) => {
        if (cancelled) return;
        const candles = mergeCandles([], page);
        setState((s) => ({
          ...s,
          candles,
          version: s.version + 1,
          prepended: 0,
          loading: false,
          exhausted: page.length < CANDLE_PAGE,
          fetchedAt,
        }));
      })
      .catch((error) => !cancelled && setState((s) => ({ ...s, loading: false, error })));
    return () => {
      cancelled = true;
    };
  }, [fetchPage]);

  useEffect(() => loadLatest(), [loadLatest]);

  const loadOlder = useCallback(() => {
    const s = ref.current;
    if (busy.current || s.loading || s.exhausted || s.candles.length === 0) return;
    busy.current = true;
    const oldest = s.candles[0]!.timestamp;
    fetchPage(oldest)
      .then((page) => {
        const older = page.filter((c) => c.timestamp < oldest);
        setState((cur) => {
          if (cur.candles[0]?.timestamp !== oldest) return cur;
          const candles = mergeCandles(older, cur.candles);
          return {
            ...cur,
            candles,
            version: cur.version + 1,
            prepended: candles.length - cur.candles.length,
            exhausted: older.length === 0,
          };
        });
      })
      .catch((error) => setState((cur) => ({ ...cur, error })))
      .finally(() => {
        busy.current = false;
      });
  }, [fetchPage]);

  return { ...state, loadOlder, reload: loadLatest };
}
