// The transfer tab: the form on the left, the source account's recent transfers on the right.
import { RecentTransfers } from './RecentTransfers.js';
import { TransferForm } from './TransferForm.js';

export function TransfersPanel(props: {
  profileId: string | null;
  accountSeq: number;
  onAccountChange: (s: number) => void;
}) {
  return (
    <div
      className="grid min-h-0 flex-1 grid-cols-[440px_1fr] gap-2 overflow-auto p-2"
      data-testid="transfers-panel"
    >
      <TransferForm
        profileId={props.profileId}
        fromSeq={props.accountSeq}
        onFromChange={props.onAccountChange}
      />
      <RecentTransfers profileId={props.profileId} accountSeq={props.accountSeq} />
    </div>
  );
}
