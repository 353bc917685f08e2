// Recent transfers touching one account (either direction); a row opens the transfer's detail.
import { useState } from 'react';
import { Panel } from '../../components/index.js';
import { formatQty, useTimeFormat } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { useGate } from '../../lib/useGate.js';
import { GatedQueryTable, RecordDetail, StatusBadge, useRecordColumns } from '../funding-common/index.js';
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
  return (
    <RecordDetail
      id={props.id}
      query={q}
      onClose={props.onClose}
      testId="transfer-detail"
      rows={(d) => [
        [t('acc.status'), <StatusBadge key="s" status={d.status} />],
        [t('acc.tr.from'), `#${d.fromAccountSeq}`],
        [t('acc.tr.to'), `#${d.toAccountSeq}`],
        [t('acc.amount'), `${formatQty(d.amount)} ${d.currency.toUpperCase()}`],
        [t('acc.time'), tf.dateTime(d.createdAt)],
        ['✓', tf.dateTime(d.completedAt ?? null)],
      ]}
    />
  );
}

export function RecentTransfers(props: { profileId: string | null; accountSeq: number }) {
  const t = useT();
  const col = useRecordColumns();
  const read = useGate({ permission: 'readTransfers', accountSeq: props.accountSeq });
  const q = useRecentTransfers(props.profileId, props.accountSeq, read.ok);
  const [detail, setDetail] = useState<string | number | null>(null);
  const outgoing = (d: AccountTransfer) => d.fromAccountSeq === props.accountSeq;
  return (
    <Panel
      title={`${t('acc.tr.recent')} · #${props.accountSeq}`}
      testId="recent-transfers"
      className="min-h-64"
    >
      <GatedQueryTable<AccountTransfer>
        gate={read}
        query={q}
        columns={[
          col.time(),
          { key: 'id', header: '#', className: 'num text-dim', cell: (d) => d.transferId },
          { key: 'f', header: t('acc.tr.from'), className: 'num', cell: (d) => `#${d.fromAccountSeq}` },
          { key: 'to', header: t('acc.tr.to'), className: 'num', cell: (d) => `#${d.toAccountSeq}` },
          col.currency(),
          col.amount((d) => (
            <span className={outgoing(d) ? 'text-down' : 'text-up'}>
              {outgoing(d) ? '-' : '+'}
              {formatQty(d.amount)}
            </span>
          )),
          col.status(),
        ]}
        rowKey={(d) => String(d.transferId)}
        rowTestId="transfer-row"
        onRowClick={(d) => setDetail(d.transferId)}
        empty={t('acc.tr.none')}
      />
      <TransferDetail
        profileId={props.profileId}
        accountSeq={props.accountSeq}
        id={detail}
        onClose={() => setDetail(null)}
      />
    </Panel>
  );
}
