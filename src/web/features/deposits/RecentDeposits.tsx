// Recent coin deposits with status; a row opens the deposit's detail (GET /v2/coin/deposit).
import { type ReactNode, useState } from 'react';
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
import { type CoinDeposit, useCoinDeposit, useCoinDeposits } from './queries.js';
import { StatusBadge } from './StatusBadge.js';

export function DetailRows(props: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[140px_1fr] gap-x-3 gap-y-1.5">
      {props.rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-dim">{k}</dt>
          <dd className="num break-all">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function DepositDetail(props: { profileId: string | null; id: string | number | null; onClose: () => void }) {
  const t = useT();
  const tf = useTimeFormat();
  const q = useCoinDeposit(props.profileId, props.id);
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

export function RecentDeposits(props: { profileId: string | null }) {
  const t = useT();
  const tf = useTimeFormat();
  const read = useGate({ permission: 'readDeposits', accountSeq: 1, mainOnly: true });
  const q = useCoinDeposits(props.profileId, read.ok);
  const [detail, setDetail] = useState<string | number | null>(null);
  const columns: Column<CoinDeposit>[] = [
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
    { key: 's', header: t('acc.status'), align: 'right', cell: (d) => <StatusBadge status={d.status} /> },
  ];
  return (
    <Panel title={t('acc.dep.recent')} testId="recent-deposits" className="min-h-64">
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
          rowTestId="deposit-row"
          onRowClick={(d) => setDetail(d.id)}
          empty={<EmptyState>{t('acc.dep.none')}</EmptyState>}
        />
      )}
      <DepositDetail profileId={props.profileId} id={detail} onClose={() => setDetail(null)} />
    </Panel>
  );
}
