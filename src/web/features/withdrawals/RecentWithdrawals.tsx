// Recent coin withdrawals with status, detail on click, and cancel while cancelable.
import { useState } from 'react';
import { ErrorState, Panel } from '../../components/index.js';
import { formatQty } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { GatedButton } from '../../lib/useGate.js';
import { CoinListTable, RecordDetail, useCoinRecordRows, useRecordColumns } from '../funding-common/index.js';
import {
  type CoinWithdrawal,
  useCancelWithdrawal,
  useCoinWithdrawal,
  useCoinWithdrawals,
} from './queries.js';
import { useWithdrawalGates } from './useWithdrawalGates.js';
import { isCancelable } from './withdrawRules.js';

function WithdrawalDetail(props: {
  profileId: string | null;
  id: string | number | null;
  currency: string | null;
  onClose: () => void;
}) {
  const rows = useCoinRecordRows();
  const q = useCoinWithdrawal(props.profileId, props.id, props.currency);
  return (
    <RecordDetail id={props.id} query={q} onClose={props.onClose} width={520} rows={(d) => rows(d, d.fee)} />
  );
}

export function RecentWithdrawals(props: { profileId: string | null }) {
  const t = useT();
  const col = useRecordColumns();
  const { read, write } = useWithdrawalGates();
  const q = useCoinWithdrawals(props.profileId, read.ok);
  const cancel = useCancelWithdrawal(props.profileId);
  const [detail, setDetail] = useState<{ id: number; currency: string } | null>(null);
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
        onRowClick={(d) => setDetail({ id: d.id, currency: d.currency })}
        empty={t('acc.wd.none')}
      />
      <WithdrawalDetail
        profileId={props.profileId}
        id={detail?.id ?? null}
        currency={detail?.currency ?? null}
        onClose={() => setDetail(null)}
      />
    </Panel>
  );
}
