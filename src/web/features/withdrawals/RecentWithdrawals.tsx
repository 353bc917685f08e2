// Recent coin withdrawals with status, detail on click, and cancel while cancelable.
import { ErrorState, Panel } from '../../components/index.js';
import { formatQty } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { GatedButton } from '../../lib/useGate.js';
import {
  CoinListTable,
  CoinRecordDetail,
  useCoinRecordPick,
  useRecordColumns,
} from '../funding-common/index.js';
import {
  type CoinWithdrawal,
  useCancelWithdrawal,
  useCoinWithdrawal,
  useCoinWithdrawals,
} from './queries.js';
import { useWithdrawalGates } from './useWithdrawalGates.js';
import { isCancelable } from './withdrawRules.js';

export function RecentWithdrawals(props: { profileId: string | null }) {
  const t = useT();
  const col = useRecordColumns();
  const { read, write } = useWithdrawalGates();
  const q = useCoinWithdrawals(props.profileId, read.ok);
  const cancel = useCancelWithdrawal(props.profileId);
  const detail = useCoinRecordPick();
  const detailQuery = useCoinWithdrawal(
    props.profileId,
    detail.picked?.id ?? null,
    detail.picked?.currency ?? null,
  );
  return (
    <Panel title={t('acc.wd.recent')} testId="recent-withdrawals" className="min-h-64">
      {cancel.isError && <ErrorState compact error={cancel.error} />}
      <CoinListTable<CoinWithdrawal>
        gate={read}
        query={q}
        columns={[
          col.time(),
          col.currency(),
          col.network(),
          col.amount((d) => formatQty(d.quantity)),
          col.fee((d) => formatQty(d.fee)),
          col.status('center'),
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
        ]}
        rowTestId="withdrawal-row"
        testId="recent-withdrawals"
        onRowClick={detail.pick}
        empty={t('acc.wd.none')}
      />
      <CoinRecordDetail
        picked={detail.picked}
        query={detailQuery}
        onClose={detail.close}
        fee={(d) => d.fee}
      />
    </Panel>
  );
}
