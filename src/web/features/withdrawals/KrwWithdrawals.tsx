// KRW withdrawals: the push request and the recent list.
import { type Column, EmptyState, ErrorState, Panel, Spinner, Table } from '../../components/index.js';
import { formatKrw, useTimeFormat } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { useActiveProfile } from '../../lib/session.js';
import { GateNote, useGate } from '../account-info/useGate.js';
import { KrwPushForm } from '../deposits/KrwPushForm.js';
import { StatusBadge } from '../deposits/StatusBadge.js';
import { type KrwWithdrawal, useKrwWithdrawalPush, useKrwWithdrawals } from './queries.js';

export function KrwWithdrawals(props: { profileId: string | null }) {
  const t = useT();
  const tf = useTimeFormat();
  const profile = useActiveProfile();
  const read = useGate({ permission: 'readWithdrawals', accountSeq: 1, mainOnly: true });
  const write = useGate({
    permission: 'writeWithdrawals',
    accountSeq: 1,
    mainOnly: true,
    proxyAllowsWithdrawals: profile?.allowWithdrawals,
  });
  const q = useKrwWithdrawals(props.profileId, read.ok);
  const push = useKrwWithdrawalPush(props.profileId);
  const columns: Column<KrwWithdrawal>[] = [
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
    {
      key: 'f',
      header: t('acc.fee'),
      align: 'right',
      className: 'num text-dim',
      cell: (d) => formatKrw(d.fee),
    },
    { key: 's', header: t('acc.status'), align: 'right', cell: (d) => <StatusBadge status={d.status} /> },
  ];
  return (
    <Panel title={t('acc.wd.krw')} testId="krw-withdrawals" className="min-h-56">
      <KrwPushForm
        gate={write}
        label={t('acc.wd.krwPush')}
        sentText={t('acc.wd.krwPushSent')}
        onSend={(amount) => push.mutateAsync(amount)}
        testId="krw-withdrawal-push"
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
          empty={<EmptyState>{t('acc.wd.krwNone')}</EmptyState>}
        />
      )}
    </Panel>
  );
}
