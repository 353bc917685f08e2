// The withdrawal tab: the request form and KRW withdrawals on the left; registered addresses and recent
// coin withdrawals on the right.
import { KrwWithdrawals } from './KrwWithdrawals.js';
import { RecentWithdrawals } from './RecentWithdrawals.js';
import { WithdrawableAddresses } from './WithdrawableAddresses.js';
import { WithdrawForm } from './WithdrawForm.js';

export function WithdrawalsPanel(props: { profileId: string | null }) {
  return (
    <div
      className="grid min-h-0 flex-1 grid-cols-[440px_1fr] gap-2 overflow-auto p-2"
      data-testid="withdrawals-panel"
    >
      <div className="flex min-h-0 flex-col gap-2">
        <WithdrawForm profileId={props.profileId} />
        <KrwWithdrawals profileId={props.profileId} />
      </div>
      <div className="flex min-h-0 flex-col gap-2">
        <WithdrawableAddresses profileId={props.profileId} />
        <RecentWithdrawals profileId={props.profileId} />
      </div>
    </div>
  );
}
