// Balances of one account (GET /v2/balance), kept live by the account stream (lib/account-stream: the
// myAsset merge, the funding lists' staleness, the reload after a gap).
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { balanceSchema } from '../../core/schemas/assets.js';
import { tolerantArray } from '../../core/schemas/tolerant.js';
import { useBalanceWatch } from './account-stream/index.js';
import { apiGet } from './api.js';
import { qk } from './queryKeys.js';

export type Balance = z.infer<typeof balanceSchema>;

export { invalidateFunding } from './account-stream/index.js';

export function useBalances(profileId: string | null | undefined, accountSeq: number, enabled = true) {
  useBalanceWatch(profileId, accountSeq, enabled);
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
