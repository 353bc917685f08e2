// Balances of one account (GET /v2/balance), kept live by the myAsset stream (setQueryData, no polling).
// Funding lists (deposits, withdrawals) have no stream: a main-account asset change invalidates them.
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { z } from 'zod/mini';
import { balanceSchema } from '../../../core/schemas/assets.js';
import { readChannel } from '../../../core/schemas/privateFrames.js';
import { tolerantArray } from '../../../core/schemas/tolerant.js';
import { apiGet } from '../../lib/api.js';
import { qk } from '../../lib/queryKeys.js';
import { privateStream } from '../../lib/ws.js';
import { mergeAssets } from './mergeAssets.js';

export type Balance = z.infer<typeof balanceSchema>;

/** Funding data of the main account that a balance change may have touched. */
export function invalidateFunding(qc: QueryClient, profileId: string) {
  for (const key of [
    qk.coinDeposits(profileId),
    qk.coinWithdrawals(profileId),
    qk.krwDeposits(profileId),
    qk.krwWithdrawals(profileId),
    ['p', profileId, 1, 'withdrawableAmount'],
  ]) {
    void qc.invalidateQueries({ queryKey: key });
  }
}

/** Subscribes the myAsset channel of one account and merges its deltas into the balance cache. */
export function useAssetStream(profileId: string | null | undefined, accountSeq: number, enabled: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!profileId || !enabled) return;
    const stream = privateStream(profileId);
    let fundingTimer: ReturnType<typeof setTimeout> | null = null;
    const off = stream.subscribe({ type: 'myAsset', accountSeqs: [accountSeq] }, (frame) => {
      const u = readChannel('myAsset', frame);
      if (!u) return;
      qc.setQueryData<Balance[]>(qk.balance(profileId, accountSeq), (old) =>
        old ? mergeAssets(old, u.assets) : old,
      );
      if (accountSeq === 1 && !fundingTimer) {
        fundingTimer = setTimeout(() => {
          fundingTimer = null;
          invalidateFunding(qc, profileId);
        }, 250);
      }
    });
    // Private channels send no snapshot: after a reconnect, reload from REST.
    let wasDown = false;
    const offStatus = stream.onStatus((s) => {
      if (s === 'interrupted') wasDown = true;
      else if (s === 'open' && wasDown) {
        wasDown = false;
        void qc.invalidateQueries({ queryKey: qk.balance(profileId, accountSeq) });
      }
    });
    return () => {
      off();
      offStatus();
      if (fundingTimer) clearTimeout(fundingTimer);
    };
  }, [profileId, accountSeq, enabled, qc]);
}

export function useBalances(profileId: string | null | undefined, accountSeq: number, enabled = true) {
  useAssetStream(profileId, accountSeq, enabled);
  return useQuery<Balance[]>({
    queryKey: qk.balance(profileId, accountSeq),
    queryFn: () =>
      apiGet(
        '/v2/balance',
        { accountSeq },
        { profileId, schema: tolerantArray(balanceSchema, 'balance') },
      ) as Promise<Balance[]>,
    enabled: !!profileId && enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
