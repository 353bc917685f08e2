import { Button } from '../../../components/Button.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { ErrorState } from '../../../components/ErrorState.js';
import { Spinner } from '../../../components/Spinner.js';
import { type Column, Table } from '../../../components/Table.js';
import { formatNumber, useTimeFormat } from '../../../lib/format.js';
import { useT } from '../../../lib/i18n.js';
import type { MyTrade } from '../../../lib/types.js';
import { downloadCsv, toCsv } from './csv.js';
import { useMyTrades } from './useOrders.js';

/** The user's fills on this pair (36 h), live from myTrade. */
export function MyTradesTab(props: { profileId: string | null; accountSeq: number; symbol: string }) {
  const t = useT();
  const tf = useTimeFormat();
  const q = useMyTrades(props.profileId, props.accountSeq, props.symbol);
  const rows = q.data ?? [];
  const cols: Column<MyTrade>[] = [
    {
      key: 'time',
      header: t('orders.time'),
      cell: (r) => <span className="num text-dim">{tf.dateTime(r.tradedAt)}</span>,
    },
    {
      key: 'side',
      header: t('orders.side'),
      cell: (r) => <span className={r.side === 'buy' ? 'text-up' : 'text-down'}>{t(`trade.${r.side}`)}</span>,
    },
    {
      key: 'price',
      header: t('entry.price'),
      align: 'right',
      cell: (r) => <span className="num">{formatNumber(r.price)}</span>,
    },
    {
      key: 'qty',
      header: t('entry.qty'),
      align: 'right',
      cell: (r) => <span className="num">{formatNumber(r.qty, { dp: 8 })}</span>,
    },
    {
      key: 'amt',
      header: t('entry.total'),
      align: 'right',
      cell: (r) => <span className="num">{formatNumber(r.amt, { dp: 0 })}</span>,
    },
    {
      key: 'fee',
      header: t('entry.fee'),
      align: 'right',
      cell: (r) => (
        <span className="num">
          {formatNumber(r.feeQty, { dp: 8 })} <span className="text-dim uppercase">{r.feeCurrency}</span>
        </span>
      ),
    },
    {
      key: 'role',
      header: t('trades.role'),
      cell: (r) => (r.isTaker ? t('trades.taker') : t('trades.maker')),
    },
    { key: 'order', header: 'orderId', cell: (r) => <span className="num text-dim">{r.orderId}</span> },
  ];
  const exportCsv = () =>
    downloadCsv(
      `my-trades-${props.symbol}.csv`,
      toCsv(
        [
          { header: 'tradeId', value: (r: MyTrade) => r.tradeId },
          { header: 'orderId', value: (r) => r.orderId },
          { header: 'tradedAt', value: (r) => new Date(r.tradedAt).toISOString() },
          { header: 'symbol', value: (r) => r.symbol },
          { header: 'side', value: (r) => r.side },
          { header: 'price', value: (r) => r.price },
          { header: 'qty', value: (r) => r.qty },
          { header: 'amt', value: (r) => r.amt },
          { header: 'feeQty', value: (r) => r.feeQty },
          { header: 'feeCurrency', value: (r) => r.feeCurrency },
          { header: 'isTaker', value: (r) => r.isTaker },
        ],
        rows,
      ),
    );
  if (!props.profileId) return <EmptyState>{t('entry.blocked.noProfile')}</EmptyState>;
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-8 shrink-0 items-center gap-2 px-2 text-[11px] text-dim">
        {t('trades.window')}
        <Button
          size="xs"
          className="ml-auto"
          onClick={exportCsv}
          disabled={!rows.length}
          data-testid="trades-csv"
        >
          {t('common.csv')}
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-auto">
        {q.isLoading ? (
          <Spinner />
        ) : q.error ? (
          <ErrorState error={q.error} onRetry={() => q.refetch()} retryLabel={t('common.retry')} />
        ) : (
          <Table
            columns={cols}
            rows={rows}
            rowKey={(r) => r.tradeId}
            testId="my-trades"
            rowTestId="my-trade-row"
            empty={<EmptyState>{t('trades.none')}</EmptyState>}
          />
        )}
      </div>
    </div>
  );
}
