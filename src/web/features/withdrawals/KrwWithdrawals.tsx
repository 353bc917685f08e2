// KRW withdrawals: the push request and the recent list.
import { formatKrw } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { KrwFundingPanel, useRecordColumns } from '../funding-common/index.js';
import { type KrwWithdrawal, useKrwWithdrawalPush, useKrwWithdrawals } from './queries.js';
import { useWithdrawalGates } from './useWithdrawalGates.js';

export function KrwWithdrawals(props: { profileId: string | null }) {
  const t = useT();
  const col = useRecordColumns();
  const { read, write } = useWithdrawalGates();
  const q = useKrwWithdrawals(props.profileId, read.ok);
  const push = useKrwWithdrawalPush(props.profileId);
  return (
    <KrwFundingPanel<KrwWithdrawal>
      title={t('acc.wd.krw')}
      testId="krw-withdrawals"
      className="min-h-56"
      read={read}
      write={write}
      push={{
        label: t('acc.wd.krwPush'),
        sentText: t('acc.wd.krwPushSent'),
        testId: 'krw-withdrawal-push',
        onSend: (amount) => push.mutateAsync(amount),
      }}
      query={q}
      columns={[
        col.time(),
        col.amount((d) => formatKrw(d.quantity)),
        col.fee((d) => formatKrw(d.fee)),
        col.status(),
      ]}
      empty={t('acc.wd.krwNone')}
    />
  );
}
