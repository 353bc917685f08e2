// The deposit tab: addresses and creation on the left, coin and KRW deposits on the right.
import { DepositAddresses } from './DepositAddresses.js';
import { KrwDeposits } from './KrwDeposits.js';
import { RecentDeposits } from './RecentDeposits.js';

export function DepositsPanel(props: { profileId: string | null }) {
  return (
    <div className="grid min-h-0 flex-1 grid-cols-2 gap-2 overflow-auto p-2" data-testid="deposits-panel">
      <div className="flex min-h-0 flex-col gap-2">
        <DepositAddresses profileId={props.profileId} />
        <KrwDeposits profileId={props.profileId} />
      </div>
      <RecentDeposits profileId={props.profileId} />
    </div>
  );
}
