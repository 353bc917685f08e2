// KRW deposits: the push request and the recent list.
import { formatKrw } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { useGate } from '../../lib/useGate.js';
import { KrwFundingPanel, useRecordColumns } from '../funding-common/index.js';
import { type KrwDeposit, useKrwDepositPush, useKrwDeposits } from './queries.js';

export function KrwDeposits(props: { profileId: string | null }) {
  const t = useT();
  const col = useRecordColumns();
  const read = useGate({ permission: 'readDeposits', accountSeq: 1, mainOnly: true });
  const write = useGate({ permission: 'writeDeposits', accountSeq: 1, mainOnly: true });
  const q = useKrwDeposits(props.profileId, read.ok);
  const push = useKrwDepositPush(props.profileId);
  return (
    <KrwFundingPanel<KrwDeposit>
      title={t('acc.dep.krw')}
      testId="krw-deposits"
      className="min-h-64"
      read={read}
      write={write}
      push={{
        label: t('acc.dep.krwPush'),
        sentText: t('acc.dep.krwPushSent'),
        testId: 'krw-deposit-push',
        onSend: (amount) => push.mutateAsync(amount),
      }}
      query={q}
      columns={[col.time(), col.amount((d) => formatKrw(d.quantity)), col.status()]}
      empty={t('acc.dep.krwNone')}
    />
  );
}
