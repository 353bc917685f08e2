// Withdrawal data and requests of the main account (funding endpoints accept account 1 only).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import {
  coinWithdrawalSchema,
  krwWithdrawalSchema,
  pickWithdrawable,
  withdrawableAddressSchema,
  withdrawableAmountListSchema,
  withdrawalRequestResponseSchema,
} from '../../../core/schemas/assets.js';
import { tolerantArray } from '../../../core/schemas/tolerant.js';
import { apiDelete, apiGet, apiPost } from '../../lib/api.js';
import { qk } from '../../lib/queryKeys.js';
import { invalidateFunding } from '../../lib/useBalances.js';
import { useCoinFundingList } from '../funding-common/index.js';

export type CoinWithdrawal = z.infer<typeof coinWithdrawalSchema>;
export type KrwWithdrawal = z.infer<typeof krwWithdrawalSchema>;
export type WithdrawableAddress = z.infer<typeof withdrawableAddressSchema>;

const BACKGROUND_MS = 30_000;
const ACTIVE_MS = 2_000;
const FINAL = new Set(['done', 'canceled', 'failed', 'refunded']);

/** No stream exists for funding records: refresh quickly while one is still moving, slowly otherwise. */
function fundingRefetch(q: { state: { data?: { status: string }[] } }) {
  return q.state.data?.some((r) => !FINAL.has(r.status)) ? ACTIVE_MS : BACKGROUND_MS;
}

export function useWithdrawableAddresses(profileId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: qk.withdrawableAddresses(profileId),
    queryFn: () =>
      apiGet('/v2/coin/withdrawableAddresses', undefined, {
        profileId,
        schema: tolerantArray(withdrawableAddressSchema, 'withdrawable address'),
      }),
    enabled: !!profileId && enabled,
  });
}

/** The live answer is an array (also for one currency): the currency's row, or null when absent. */
export function useWithdrawableAmount(profileId: string | null, currency: string, enabled: boolean) {
  return useQuery({
    queryKey: qk.withdrawableAmount(profileId, currency),
    queryFn: async () =>
      pickWithdrawable(
        await apiGet(
          '/v2/coin/withdrawableAmount',
          { currency },
          { profileId, schema: withdrawableAmountListSchema },
        ),
        currency,
      ),
    enabled: !!profileId && !!currency && enabled,
  });
}

/** Recent coin withdrawals, under either reading of `currency` (funding-common/coinFundingList.ts). */
export function useCoinWithdrawals(profileId: string | null, enabled: boolean) {
  return useCoinFundingList('withdrawals', profileId, enabled, coinWithdrawalSchema);
}

/** One withdrawal; the live lookup takes the currency beside the id (korbit-cli rawapi/funding.go). */
export function useCoinWithdrawal(
  profileId: string | null,
  id: string | number | null,
  currency: string | null,
) {
  return useQuery({
    queryKey: qk.coinWithdrawal(profileId, id, currency),
    queryFn: () =>
      apiGet(
        '/v2/coin/withdrawal',
        { currency, coinWithdrawalId: id },
        { profileId, schema: coinWithdrawalSchema },
      ),
    enabled: !!profileId && id !== null && !!currency,
  });
}

export function useKrwWithdrawals(profileId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: qk.krwWithdrawals(profileId),
    queryFn: () =>
      apiGet(
        '/v2/krw/recentWithdrawals',
        { limit: 50 },
        { profileId, schema: tolerantArray(krwWithdrawalSchema, 'krw withdrawal') },
      ),
    enabled: !!profileId && enabled,
    refetchInterval: fundingRefetch,
  });
}

export interface WithdrawalRequest {
  currency: string;
  network: string;
  address: string;
  secondaryAddress?: string | null;
  amount: string;
}

export function useRequestWithdrawal(profileId: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (r: WithdrawalRequest) =>
      apiPost(
        '/v2/coin/withdrawal',
        {
          currency: r.currency,
          network: r.network,
          address: r.address,
          secondaryAddress: r.secondaryAddress ?? undefined,
          amount: r.amount,
        },
        { profileId, schema: withdrawalRequestResponseSchema },
      ),
    onSettled: () => profileId && invalidateFunding(qc, profileId),
  });
}

export function useCancelWithdrawal(profileId: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string | number) =>
      apiDelete('/v2/coin/withdrawal', { coinWithdrawalId: id }, { profileId }),
    onSettled: () => profileId && invalidateFunding(qc, profileId),
  });
}

export function useKrwWithdrawalPush(profileId: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (amount: string) => apiPost('/v2/krw/sendKrwWithdrawalPush', { amount }, { profileId }),
    onSuccess: () => qc.invalidateQueries({ queryKey: qk.krwWithdrawals(profileId) }),
  });
}
