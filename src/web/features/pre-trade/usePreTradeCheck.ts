// Runs the core's pre-trade check on the live book for one draft and publishes it for the confirmation
// step (state.ts). Thresholds come from Settings; the equity is the account's KRW value (balances x last
// prices, the assets page's valuation), only for KRW markets.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { preTradeCheck } from '../../../core/preTrade/check.js';
import { equityKrw } from '../../../core/preTrade/equity.js';
import type { PreTradeResult, PtThresholds } from '../../../core/preTrade/types.js';
import { tickerSchema } from '../../../core/schemas/market.js';
import { tolerantArray } from '../../../core/schemas/tolerant.js';
import { apiGet } from '../../lib/api.js';
import { qk } from '../../lib/queryKeys.js';
import { useActiveAccountSeq, useActiveProfileId } from '../../lib/session.js';
import { useBalances } from '../../lib/useBalances.js';
import { usePrefs } from '../../store/prefs.js';
import { type PreTradeDraft, type PreTradeSlot, setPreTrade, setPreTradeRunner } from './state.js';
import { useBookLevels } from './useBookLevels.js';

export type { PreTradeDraft };

function useThresholds(): PtThresholds {
  const slippagePct = usePrefs((s) => s.ptSlippagePct);
  const fatFingerPct = usePrefs((s) => s.ptFatFingerPct);
  const depthSharePct = usePrefs((s) => s.ptDepthSharePct);
  const equitySharePct = usePrefs((s) => s.ptEquitySharePct);
  return useMemo(
    () => ({ slippagePct, fatFingerPct, depthSharePct, equitySharePct }),
    [slippagePct, fatFingerPct, depthSharePct, equitySharePct],
  );
}

/** currency -> last KRW price, from the tickers of the KRW markets. */
function krwPrices(list: readonly { symbol: string; close: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const t of list) {
    const [b, q] = t.symbol.split('_');
    if (b && q === 'krw') out[b] = t.close;
  }
  return out;
}

function useEquityKrw(enabled: boolean): string | null {
  const profileId = useActiveProfileId();
  const accountSeq = useActiveAccountSeq();
  const balances = useBalances(profileId, accountSeq, enabled);
  const prices = useQuery({
    queryKey: qk.tickers(),
    queryFn: () => apiGet('/v2/tickers', undefined, { schema: tolerantArray(tickerSchema, 'ticker') }),
    staleTime: Number.POSITIVE_INFINITY,
    select: krwPrices,
    enabled,
  }).data;
  return useMemo(() => {
    if (!enabled || !balances.data || !prices) return null;
    return equityKrw(balances.data, prices);
  }, [enabled, balances.data, prices]);
}

export interface LiveCheck {
  result: PreTradeResult | null;
  /** The book is live (false: waiting for it, or the stream is down). */
  live: boolean;
}

export function usePreTradeCheck(slot: PreTradeSlot, symbol: string, draft: PreTradeDraft | null): LiveCheck {
  const book = useBookLevels(symbol, !!symbol);
  const thresholds = useThresholds();
  const krw = symbol.toLowerCase().endsWith('_krw');
  const equity = useEquityKrw(krw);
  // The check on the inputs held now, for any draft: the live result below and the ticket's check at
  // submit (state.ts checkNow) run the same function.
  const run = useCallback(
    (d: PreTradeDraft) => {
      if (!book.live) return null;
      try {
        return preTradeCheck({ ...d, bids: book.bids, asks: book.asks, thresholds, equity });
      } catch {
        return null; // never let an odd figure break the ticket: the check is advisory
      }
    },
    [book, thresholds, equity],
  );
  const result = useMemo(() => (draft ? run(draft) : null), [draft, run]);
  useEffect(() => {
    setPreTrade(slot, result);
    setPreTradeRunner(slot, book.live ? run : null);
  }, [slot, result, run, book.live]);
  useEffect(
    () => () => {
      setPreTrade(slot, null);
      setPreTradeRunner(slot, null);
    },
    [slot],
  );
  return { result, live: book.live };
}
