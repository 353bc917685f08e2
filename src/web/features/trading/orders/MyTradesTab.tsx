import { formatAmount, formatFee } from '../../../../core/displayRules.js';
import { EmptyState } from '../../../components/EmptyState.js';
import type { Column } from '../../../components/Table.js';
import { GapNoticeLine, useMyTrades } from '../../../lib/account-stream/index.js';
import { useT } from '../../../lib/i18n.js';
import type { MyTrade } from '../../../lib/types.js';
import { downloadCsv, toCsv } from './csv.js';
import { ListTab } from './ListTab.js';
import { useTradeColumns } from './tradeColumns.js';

/** The user's fills on this pair (36 h), live from myTrade. */
export function MyTradesTab(props: { profileId: string | null; accountSeq: number; symbol: string }) {
  const t = useT();
  const col = useTradeColumns();
  const q = useMyTrades(props.profileId, props.accountSeq, props.symbol);
  const rows = q.data ?? [];
  const cols: Column<MyTrade>[] = [
    col.time((r) => r.tradedAt, t('fills.time')),
    col.side(t('orders.side'), (r) => r.side),
    col.price(t('fills.price')),
    col.qty(t('fills.qty')),
    {
      key: 'amt',
      header: t('fills.amt'),
      align: 'right',
      cell: (r) => <span className="num">{formatAmount(r.amt, props.symbol.split('_')[1] ?? 'krw')}</span>,
    },
    {
      key: 'fee',
      header: t('fills.fee'),
      align: 'right',
      cell: (r) => (
        <span className="num">
          {formatFee(r.feeQty, r.feeCurrency)} <span className="text-dim uppercase">{r.feeCurrency}</span>
        </span>
      ),
    },
    {
      key: 'role',
      header: t('trades.role'),
      cell: (r) => (r.isTaker ? t('trades.taker') : t('trades.maker')),
    },
    col.orderId('order', t('fills.order'), (r) => r.orderId),
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
    <div className="flex h-full min-h-0 flex-col">
      <GapNoticeLine profileId={props.profileId} accountSeq={props.accountSeq} />
      <ListTab
        toolbar={t('trades.window')}
        onCsv={exportCsv}
        csvTestId="trades-csv"
        query={q}
        loading={q.isLoading}
        columns={cols}
        rowKey={(r) => r.tradeId}
        testId="my-trades"
        rowTestId="my-trade-row"
        empty={t('trades.none')}
      />
    </div>
  );
}
