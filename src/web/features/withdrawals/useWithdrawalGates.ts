// The read and write gates of the main account's withdrawals (write also needs the proxy profile's consent).
import { useActiveProfile } from '../../lib/session.js';
import { useGate } from '../../lib/useGate.js';

export function useWithdrawalGates() {
  const profile = useActiveProfile();
  const read = useGate({ permission: 'readWithdrawals', accountSeq: 1, mainOnly: true });
  const write = useGate({
    permission: 'writeWithdrawals',
    accountSeq: 1,
    mainOnly: true,
    proxyAllowsWithdrawals: profile?.allowWithdrawals,
  });
  return { read, write };
}
