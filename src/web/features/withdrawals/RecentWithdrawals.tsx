// Recent coin withdrawals with status, detail on click, and cancel while cancelable.
import { useState } from 'react';
import {
  type Column,
  Dialog,
  EmptyState,
  ErrorState,
  Panel,
  Spinner,
  Table,
} from '../../components/index.js';
import { formatQty, useTimeFormat } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { useActiveProfile } from '../../lib/session.js';
import { GatedButton, GateNote, useGate } from '../account-info/useGate.js';
import { DetailRows } from '../deposits/RecentDeposits.js';
import { StatusBadge } from '../deposits/StatusBadge.js';
import {
  type CoinWithdrawal,
  useCancelWithdrawal,
  useCoinWithdrawal,
  useCoinWithdrawals,
} from './queries.js';
import { isCancelable } from './withdrawRules.js';

function WithdrawalDetail(props: {
  profileId: string | null;
  id: string | number | null;
  onClose: () => void;
}) {
  const t = useT();
  const tf = useTimeFormat();
  const q = useCoinWithdrawal(props.profileId, props.id);
  const d = q.data;
  return (
    <Dialog
      open={props.id !== null}
      title={`${t('acc.detail')} #${props.id ?? ''}`}
      onClose={props.onClose}
      width={520}
    >
      {q.isPending ? (
        <Spinner />
      ) : q.isError ? (
        <ErrorState error={q.error} />
      ) : d ? (
        <DetailRows
          rows={[
            [t('acc.status'), <StatusBadge key="s" status={d.status} />],
            [t('acc.currency'), d.currency.toUpperCase()],
            [t('acc.network'), d.network],
            [t('acc.amount'), formatQty(d.quantity)],
            [t('acc.fee'), formatQty(d.fee)],
            [t('acc.address'), d.address],
            [t('acc.secondaryAddress'), d.secondaryAddress ?? '-'],
            [t('acc.txid'), d.transactionHash ?? '-'],
            [t('acc.time'), tf.dateTime(d.createdAt)],
          ]}
        />
      ) : null}
    </Dialog>
  );
}

export function RecentWithdrawals(props: { profileId: string | null }) {
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
  const q = useCoinWithdrawals(props.profileId, read.ok);
  const cancel = useCancelWithdrawal(props.profileId);
  const [detail, setDetail] = useState<string | number | null>(null);
  const columns: Column<CoinWithdrawal>[] = [
    {
      key: 't',
      header: t('acc.time'),
      className: 'num text-dim',
      cell: (d) => tf.short(d.createdAt),
      width: '96px',
    },
    { key: 'c', header: t('acc.currency'), cell: (d) => <b className="uppercase">{d.currency}</b> },
    { key: 'n', header: t('acc.network'), cell: (d) => d.network },
    {
      key: 'q',
      header: t('acc.amount'),
      align: 'right',
      className: 'num',
      cell: (d) => formatQty(d.quantity),
    },
    {
      key: 'f',
      header: t('acc.fee'),
      align: 'right',
      className: 'num text-dim',
      cell: (d) => formatQty(d.fee),
    },
    { key: 's', header: t('acc.status'), align: 'center', cell: (d) => <StatusBadge status={d.status} /> },
    {
      key: 'x',
      header: '',
      align: 'right',
      width: '72px',
      cell: (d) =>
        isCancelable(d.status) ? (
          <span onClick={(e) => e.stopPropagation()}>
            <GatedButton
              gate={write}
              size="xs"
              variant="danger"
              disabled={cancel.isPending}
              onClick={() => cancel.mutate(d.id)}
              testId="cancel-withdrawal"
            >
              {t('acc.wd.cancel')}
            </GatedButton>
          </span>
        ) : null,
    },
  ];
  return (
    <Panel title={t('acc.wd.recent')} testId="recent-withdrawals" className="min-h-64">
      {cancel.isError && <ErrorState compact error={cancel.error} />}
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
          rowTestId="withdrawal-row"
          onRowClick={(d) => setDetail(d.id)}
          empty={<EmptyState>{t('acc.wd.none')}</EmptyState>}
        />
      )}
      <WithdrawalDetail profileId={props.profileId} id={detail} onClose={() => setDetail(null)} />
    </Panel>
  );
}
