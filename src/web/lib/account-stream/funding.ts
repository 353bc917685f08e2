// The main account's funding lists have no stream: a balance change (myAsset) may have touched them.
import type { QueryClient } from '@tanstack/react-query';
import { qk } from '../queryKeys.js';

/** Funding data of the main account that a balance change may have touched. */
export function invalidateFunding(qc: QueryClient, profileId: string) {
  for (const key of [
    qk.coinDeposits(profileId),
    qk.coinWithdrawals(profileId),
    qk.krwDeposits(profileId),
    qk.krwWithdrawals(profileId),
    qk.withdrawableAmountPrefix(profileId),
  ]) {
    void qc.invalidateQueries({ queryKey: key });
  }
}
