// Deposit data of the main account. No stream exists for these records: a main-account myAsset frame
// invalidates them (see balances/useBalances.ts), and they refresh slowly in the background.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { coinDepositSchema, depositAddressSchema, krwDepositSchema } from '../../../core/schemas/assets.js';
import { tolerantArray } from '../../../core/schemas/tolerant.js';
import { apiGet, apiPost } from '../../lib/api.js';
import { qk } from '../../lib/queryKeys.js';
import { useCoinFundingList } from '../funding-common/index.js';

export type CoinDeposit = z.infer<typeof coinDepositSchema>;
export type KrwDeposit = z.infer<typeof krwDepositSchema>;
export type DepositAddress = z.infer<typeof depositAddressSchema>;

const BACKGROUND_MS = 30_000;
const ACTIVE_MS = 2_000;
const FINAL = new Set(['done', 'canceled', 'failed', 'refunded']);

/** No stream exists for funding records: refresh quickly while one is still moving, slowly otherwise. */
function fundingRefetch(q: { state: { data?: { status: string }[] } }) {
  return q.state.data?.some((r) => !FINAL.has(r.status)) ? ACTIVE_MS : BACKGROUND_MS;
}

export function useDepositAddresses(profileId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: qk.depositAddresses(profileId),
    queryFn: () =>
      apiGet('/v2/coin/depositAddresses', undefined, {
        profileId,
        schema: tolerantArray(depositAddressSchema, 'deposit address'),
      }),
    enabled: !!profileId && enabled,
  });
}

/** Recent coin deposits, under either reading of `currency` (funding-common/coinFundingList.ts). */
export function useCoinDeposits(profileId: string | null, enabled: boolean) {
  return useCoinFundingList('deposits', profileId, enabled, coinDepositSchema);
}

/** One deposit; the live lookup takes the currency beside the id (korbit-cli rawapi/funding.go). */
export function useCoinDeposit(
  profileId: string | null,
  id: string | number | null,
  currency: string | null,
) {
  return useQuery({
    queryKey: qk.coinDeposit(profileId, id, currency),
    queryFn: () =>
      apiGet('/v2/coin/deposit', { currency, coinDepositId: id }, { profileId, schema: coinDepositSchema }),
    enabled: !!profileId && id !== null && !!currency,
  });
}

export function useKrwDeposits(profileId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: qk.krwDeposits(profileId),
    queryFn: () =>
      apiGet(
        '/v2/krw/recentDeposits',
        { limit: 50 },
        { profileId, schema: tolerantArray(krwDepositSchema, 'krw deposit') },
      ),
    enabled: !!profileId && enabled,
    refetchInterval: fundingRefetch,
  });
}

export function useCreateDepositAddress(profileId: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { currency: string; network: string }) =>
      apiPost('/v2/coin/depositAddress', v, { profileId, schema: depositAddressSchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: qk.depositAddresses(profileId) }),
  });
}

export function useKrwDepositPush(profileId: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (amount: string) => apiPost('/v2/krw/sendKrwDepositPush', { amount }, { profileId }),
    onSuccess: () => qc.invalidateQueries({ queryKey: qk.krwDeposits(profileId) }),
  });
}
