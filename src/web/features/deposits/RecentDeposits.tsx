// Recent coin deposits with status; a row opens the deposit's detail (GET /v2/coin/deposit).
import { useState } from 'react';
import { Panel } from '../../components/index.js';
import { formatQty } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { useGate } from '../../lib/useGate.js';
import { CoinListTable, RecordDetail, useCoinRecordRows, useRecordColumns } from '../funding-common/index.js';
import { type CoinDeposit, useCoinDeposit, useCoinDeposits } from './queries.js';

function DepositDetail(props: {
  profileId: string | null;
  id: string | number | null;
  currency: string | null;
  onClose: () => void;
}) {
  const rows = useCoinRecordRows();
  const q = useCoinDeposit(props.profileId, props.id, props.currency);
  return <RecordDetail id={props.id} query={q} onClose={props.onClose} width={520} rows={(d) => rows(d)} />;
}

export function RecentDeposits(props: { profileId: string | null }) {
  const t = useT();
  const col = useRecordColumns();
  const read = useGate({ permission: 'readDeposits', accountSeq: 1, mainOnly: true });
  const q = useCoinDeposits(props.profileId, read.ok);
  const [detail, setDetail] = useState<{ id: number; currency: string } | null>(null);
  return (
    <Panel title={t('acc.dep.recent')} testId="recent-deposits" className="min-h-64">
      <CoinListTable<CoinDeposit>
        gate={read}
        query={q}
        columns={[
          col.time(),
          col.currency(),
          col.network(),
          col.amount((d) => formatQty(d.quantity)),
          col.status(),
        ]}
        rowTestId="deposit-row"
        testId="recent-deposits"
        onRowClick={(d) => setDetail({ id: d.id, currency: d.currency })}
        empty={t('acc.dep.none')}
      />
      <DepositDetail
        profileId={props.profileId}
        id={detail?.id ?? null}
        currency={detail?.currency ?? null}
        onClose={() => setDetail(null)}
      />
    </Panel>
  );
}
