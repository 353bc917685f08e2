// Account transfers (designed shapes, docs/api-decisions.md): accountSeq is the source of a POST and
// the account whose history (either direction) a GET lists.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { accountTransferSchema } from '../../../core/schemas/account.js';
import { tolerantArray } from '../../../core/schemas/tolerant.js';
import { apiGet, apiPost } from '../../lib/api.js';
import { listPoll } from '../../lib/live/policy.js';
import { qk } from '../../lib/queryKeys.js';

export type AccountTransfer = z.infer<typeof accountTransferSchema>;

/** POST answer: the record, or at least its id and status (the sandbox sends only those). */
const transferAckSchema = z.looseObject({
  transferId: z.union([z.number(), z.string()]),
  status: z.string(),
});

export function useRecentTransfers(profileId: string | null, accountSeq: number, enabled: boolean) {
  return useQuery({
    queryKey: qk.transfers(profileId, accountSeq),
    queryFn: () =>
      apiGet(
        '/v2/recentAccountTransfers',
        { accountSeq, limit: 50 },
        { profileId, schema: tolerantArray(accountTransferSchema, 'account transfer') },
      ),
    enabled: !!profileId && enabled,
    refetchInterval: listPoll, // no stream for transfers: poll while shown, faster while one is pending
  });
}

export function useTransfer(
  profileId: string | null,
  accountSeq: number,
  transferId: string | number | null,
) {
  return useQuery({
    queryKey: qk.transfer(profileId, accountSeq, transferId),
    queryFn: () =>
      apiGet('/v2/accountTransfer', { accountSeq, transferId }, { profileId, schema: accountTransferSchema }),
    enabled: !!profileId && transferId !== null,
  });
}

export interface TransferRequest {
  fromSeq: number;
  toSeq: number;
  currency: string;
  amount: string;
}

export function useCreateTransfer(profileId: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (r: TransferRequest) =>
      apiPost(
        '/v2/accountTransfer',
        { accountSeq: r.fromSeq, toAccountSeq: r.toSeq, currency: r.currency, amount: r.amount },
        { profileId, schema: transferAckSchema },
      ),
    onSettled: (_d, _e, r) => {
      for (const seq of [r.fromSeq, r.toSeq]) {
        void qc.invalidateQueries({ queryKey: qk.transfers(profileId, seq) });
        void qc.invalidateQueries({ queryKey: qk.balance(profileId, seq) });
      }
    },
  });
}
