// React doors of the account stream: watch an account's pairs, read its lists, hear its new fills, see
// what a gap left unread. Views never subscribe private channels or write these entries themselves.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { MyTrade } from '../types.js';
import type { FillListener, GapNotice } from './accountStream.js';
import { myTradesQuery, openOrdersQuery } from './queries.js';
import { accountStream } from './registry.js';

/** Keeps (profile, account)'s private channels subscribed and `symbols`' open orders and fills live. */
export function useAccountWatch(
  profileId: string | null,
  accountSeq: number,
  symbols: readonly string[],
  enabled: boolean,
) {
  const qc = useQueryClient();
  const key = symbols.join(',');
  useEffect(() => {
    if (!profileId || !enabled) return;
    return accountStream(qc, profileId, accountSeq).watch(key ? key.split(',') : []);
  }, [qc, profileId, accountSeq, key, enabled]);
}

/** Keeps (profile, account)'s balance entry live from myAsset frames (reloaded after a gap). */
export function useBalanceWatch(profileId: string | null | undefined, accountSeq: number, enabled: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!profileId || !enabled) return;
    return accountStream(qc, profileId, accountSeq).watchBalances();
  }, [qc, profileId, accountSeq, enabled]);
}

export function useOpenOrders(profileId: string | null, accountSeq: number, symbol: string, enabled = true) {
  return useQuery(openOrdersQuery(profileId, accountSeq, symbol, enabled));
}

export function useMyTrades(profileId: string | null, accountSeq: number, symbol: string, enabled = true) {
  return useQuery<MyTrade[]>(myTradesQuery(profileId, accountSeq, symbol, enabled));
}

/** Calls `cb` once per batch of fills never told before, on any pair of the account. */
export function useNewFills(profileId: string | null, accountSeq: number, cb: FillListener) {
  const qc = useQueryClient();
  const ref = useRef(cb);
  ref.current = cb;
  useEffect(() => {
    if (!profileId) return;
    return accountStream(qc, profileId, accountSeq).onFills((fills, origin) => ref.current(fills, origin));
  }, [qc, profileId, accountSeq]);
}

/** What the last gap of the account's stream left unread (null when nothing), and how to dismiss it. */
export function useGapNotice(
  profileId: string | null,
  accountSeq: number,
): { notice: GapNotice | null; dismiss: () => void } {
  const qc = useQueryClient();
  const s = profileId ? accountStream(qc, profileId, accountSeq) : null;
  const notice = useSyncExternalStore(
    (cb) => (s ? s.onNotice(cb) : () => {}),
    () => s?.notice ?? null,
  );
  return { notice, dismiss: () => s?.dismissNotice() };
}
