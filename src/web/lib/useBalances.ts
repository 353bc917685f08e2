// Balances of one account (GET /v2/balance), kept live by the account stream (lib/account-stream: the
// myAsset merge, the funding lists' staleness, the reload after a gap).
import { useQuery } from '@tanstack/react-query';
import { balanceQuery, useBalanceWatch } from './account-stream/index.js';
import type { Balance } from './types.js';

export { invalidateFunding } from './account-stream/index.js';
export type { Balance } from './types.js';

export function useBalances(profileId: string | null | undefined, accountSeq: number, enabled = true) {
  useBalanceWatch(profileId, accountSeq, enabled);
  return useQuery<Balance[]>(balanceQuery(profileId, accountSeq, enabled));
}
