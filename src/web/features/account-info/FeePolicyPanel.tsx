// Trading fee policy per pair (rates are fractions; shown as percentages).
import { mul } from '../../../core/decimal.js';
import { type Column, EmptyState, ErrorState, Panel, Spinner, Table } from '../../components/index.js';
import { formatNumber } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { type FeePolicy, useFeePolicy } from '../../lib/referenceData.js';
import { useActiveProfileId } from '../../lib/session.js';

const pct = (rate: string) => `${formatNumber(mul(rate, '100'), { dp: 4 })}%`;

export function FeePolicyPanel() {
  const t = useT();
  const q = useFeePolicy(useActiveProfileId());
  const columns: Column<FeePolicy>[] = [
    {
      key: 's',
      header: t('acc.fees.symbol'),
      cell: (f) => <b className="uppercase">{f.symbol.replace('_', '/')}</b>,
    },
    {
      key: 'm',
      header: t('acc.fees.maker'),
      align: 'right',
      className: 'num',
      cell: (f) => pct(f.makerFeeRate),
    },
    {
      key: 't',
      header: t('acc.fees.taker'),
      align: 'right',
      className: 'num',
      cell: (f) => pct(f.takerFeeRate),
    },
    {
      key: 'x',
      header: t('acc.fees.max'),
      align: 'right',
      className: 'num text-dim',
      cell: (f) => pct(f.maxFeeRate),
    },
    {
      key: 'b',
      header: <span title={t('acc.fees.buyCurHint')}>{t('acc.fees.buyCur')}</span>,
      align: 'right',
      className: 'uppercase',
      cell: (f) => f.buyFeeCurrency,
    },
    {
      key: 'l',
      header: <span title={t('acc.fees.sellCurHint')}>{t('acc.fees.sellCur')}</span>,
      align: 'right',
      className: 'uppercase',
      cell: (f) => f.sellFeeCurrency,
    },
  ];
  return (
    <Panel title={t('acc.fees.title')} testId="fee-policy">
      {q.isPending ? (
        <Spinner />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <Table columns={columns} rows={q.data} rowKey={(f) => f.symbol} empty={<EmptyState />} />
      )}
    </Panel>
  );
}
