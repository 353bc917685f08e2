// KRW deposits: the push request and the recent list.
import { type Column, EmptyState, ErrorState, Panel, Spinner, Table } from '../../components/index.js';
import { formatKrw, useTimeFormat } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { GateNote, useGate } from '../account-info/useGate.js';
import { KrwPushForm } from './KrwPushForm.js';
import { type KrwDeposit, useKrwDepositPush, useKrwDeposits } from './queries.js';
import { StatusBadge } from './StatusBadge.js';

export function KrwDeposits(props: { profileId: string | null }) {
  const t = useT();
  const tf = useTimeFormat();
  const read = useGate({ permission: 'readDeposits', accountSeq: 1, mainOnly: true });
  const write = useGate({ permission: 'writeDeposits', accountSeq: 1, mainOnly: true });
  const q = useKrwDeposits(props.profileId, read.ok);
  const push = useKrwDepositPush(props.profileId);
  const columns: Column<KrwDeposit>[] = [
    {
      key: 't',
      header: t('acc.time'),
      className: 'num text-dim',
      cell: (d) => tf.short(d.createdAt),
      width: '96px',
    },
    {
      key: 'q',
      header: t('acc.amount'),
      align: 'right',
      className: 'num',
      cell: (d) => formatKrw(d.quantity),
    },
    { key: 's', header: t('acc.status'), align: 'right', cell: (d) => <StatusBadge status={d.status} /> },
  ];
  return (
    <Panel title={t('acc.dep.krw')} testId="krw-deposits" className="min-h-64">
      <KrwPushForm
        gate={write}
        label={t('acc.dep.krwPush')}
        sentText={t('acc.dep.krwPushSent')}
        onSend={(amount) => push.mutateAsync(amount)}
        testId="krw-deposit-push"
      />
      {!read.ok ? (
        <div className="p-3">
          <GateNote gate={read} />
        </div>
      ) : q.isPending ? (
        <Spinner />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <Table
          columns={columns}
          rows={q.data}
          rowKey={(d) => String(d.id)}
          empty={<EmptyState>{t('acc.dep.krwNone')}</EmptyState>}
        />
      )}
    </Panel>
  );
}
