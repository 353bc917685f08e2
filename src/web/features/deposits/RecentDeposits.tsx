// Recent coin deposits with status; a row opens the deposit's detail (GET /v2/coin/deposit).
import { Panel } from '../../components/index.js';
import { formatQty } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { useGate } from '../../lib/useGate.js';
import {
  CoinListTable,
  CoinRecordDetail,
  useCoinRecordPick,
  useRecordColumns,
} from '../funding-common/index.js';
import { type CoinDeposit, useCoinDeposit, useCoinDeposits } from './queries.js';

export function RecentDeposits(props: { profileId: string | null }) {
  const t = useT();
  const col = useRecordColumns();
  const read = useGate({ permission: 'readDeposits', accountSeq: 1, mainOnly: true });
  const q = useCoinDeposits(props.profileId, read.ok);
  const detail = useCoinRecordPick();
  const detailQuery = useCoinDeposit(
    props.profileId,
    detail.picked?.id ?? null,
    detail.picked?.currency ?? null,
  );
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
        onRowClick={detail.pick}
        empty={t('acc.dep.none')}
      />
      <CoinRecordDetail picked={detail.picked} query={detailQuery} onClose={detail.close} />
    </Panel>
  );
}
