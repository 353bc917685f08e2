// Recent transfers touching one account (either direction); a row opens the transfer's detail.
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
import { GateNote, useGate } from '../account-info/useGate.js';
import { DetailRows } from '../deposits/RecentDeposits.js';
import { StatusBadge } from '../deposits/StatusBadge.js';
import { type AccountTransfer, useRecentTransfers, useTransfer } from './queries.js';

function TransferDetail(props: {
  profileId: string | null;
  accountSeq: number;
  id: string | number | null;
  onClose: () => void;
}) {
  const t = useT();
  const tf = useTimeFormat();
  const q = useTransfer(props.profileId, props.accountSeq, props.id);
  const d = q.data;
  return (
    <Dialog
      open={props.id !== null}
      title={`${t('acc.detail')} #${props.id ?? ''}`}
      onClose={props.onClose}
      testId="transfer-detail"
    >
      {q.isPending ? (
        <Spinner />
      ) : q.isError ? (
        <ErrorState error={q.error} />
      ) : d ? (
        <DetailRows
          rows={[
            [t('acc.status'), <StatusBadge key="s" status={d.status} />],
            [t('acc.tr.from'), `#${d.fromAccountSeq}`],
            [t('acc.tr.to'), `#${d.toAccountSeq}`],
            [t('acc.amount'), `${formatQty(d.amount)} ${d.currency.toUpperCase()}`],
            [t('acc.time'), tf.dateTime(d.createdAt)],
            ['✓', tf.dateTime(d.completedAt ?? null)],
          ]}
        />
      ) : null}
    </Dialog>
  );
}

export function RecentTransfers(props: { profileId: string | null; accountSeq: number }) {
  const t = useT();
  const tf = useTimeFormat();
  const read = useGate({ permission: 'readTransfers', accountSeq: props.accountSeq });
  const q = useRecentTransfers(props.profileId, props.accountSeq, read.ok);
  const [detail, setDetail] = useState<string | number | null>(null);
  const columns: Column<AccountTransfer>[] = [
    {
      key: 't',
      header: t('acc.time'),
      className: 'num text-dim',
      cell: (d) => tf.short(d.createdAt),
      width: '96px',
    },
    { key: 'id', header: '#', className: 'num text-dim', cell: (d) => d.transferId },
    { key: 'f', header: t('acc.tr.from'), className: 'num', cell: (d) => `#${d.fromAccountSeq}` },
    { key: 'to', header: t('acc.tr.to'), className: 'num', cell: (d) => `#${d.toAccountSeq}` },
    { key: 'c', header: t('acc.currency'), cell: (d) => <b className="uppercase">{d.currency}</b> },
    {
      key: 'q',
      header: t('acc.amount'),
      align: 'right',
      className: 'num',
      cell: (d) => (
        <span className={d.fromAccountSeq === props.accountSeq ? 'text-down' : 'text-up'}>
          {d.fromAccountSeq === props.accountSeq ? '-' : '+'}
          {formatQty(d.amount)}
        </span>
      ),
    },
    { key: 's', header: t('acc.status'), align: 'right', cell: (d) => <StatusBadge status={d.status} /> },
  ];
  return (
    <Panel
      title={`${t('acc.tr.recent')} · #${props.accountSeq}`}
      testId="recent-transfers"
      className="min-h-64"
    >
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
          rowKey={(d) => String(d.transferId)}
          rowTestId="transfer-row"
          onRowClick={(d) => setDetail(d.transferId)}
          empty={<EmptyState>{t('acc.tr.none')}</EmptyState>}
        />
      )}
      <TransferDetail
        profileId={props.profileId}
        accountSeq={props.accountSeq}
        id={detail}
        onClose={() => setDetail(null)}
      />
    </Panel>
  );
}
