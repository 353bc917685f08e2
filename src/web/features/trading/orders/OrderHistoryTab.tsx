import { useState } from 'react';
import { formatDerivedPrice } from '../../../../core/displayRules.js';
import { isTimestamp, lastOrderEvent } from '../../../../core/orderTimes.js';
import { ORDER_STATUSES } from '../../../../core/schemas/orders.js';
import { Button } from '../../../components/Button.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { ErrorState } from '../../../components/ErrorState.js';
import { Spinner } from '../../../components/Spinner.js';
import { type Column, Table } from '../../../components/Table.js';
import { formatNumber, useTimeFormat } from '../../../lib/format.js';
import { useT } from '../../../lib/i18n.js';
import { useTickSize } from '../../../lib/market/useMarket.js';
import type { AllOrder } from '../../../lib/types.js';
import { FateStatus } from '../fate/FateStatus.js';
import { downloadCsv, toCsv } from './csv.js';
import { OrderDetailDialog, type OrderRef } from './OrderDetailDialog.js';
import { OrderLookup } from './OrderLookup.js';
import { useTradeColumns } from './tradeColumns.js';
import { useOrderHistory } from './useOrderHistory.js';

/** The status filter: every status an order in the history can have (a pending one is not listed yet). */
const STATUSES = ['all', ...ORDER_STATUSES.filter((s) => s !== 'pending')];
/** A CSV cell for an optional time: empty when the exchange did not send it. */
const isoOrEmpty = (ms: number | null | undefined) => (isTimestamp(ms) ? new Date(ms).toISOString() : '');

const sel = 'h-6 rounded border border-line bg-panel2 px-1 text-[11px]';

export function OrderHistoryTab(props: { profileId: string | null; accountSeq: number; symbol: string }) {
  const t = useT();
  const tf = useTimeFormat();
  const [limit, setLimit] = useState(50);
  const [status, setStatus] = useState('all');
  const [side, setSide] = useState('all');
  const [detail, setDetail] = useState<OrderRef | null>(null);
  const h = useOrderHistory(props.profileId, props.accountSeq, props.symbol, limit);
  const ranges = useTickSize(props.symbol).data?.tickSizePolicy ?? [];
  const rows = h.rows.filter(
    (o) => (status === 'all' || o.status === status) && (side === 'all' || o.side === side),
  );

  const col = useTradeColumns();
  const cols: Column<AllOrder>[] = [
    col.time((o) => o.createdAt),
    col.side(t('orders.side'), (o) => o.side),
    {
      key: 'type',
      header: t('orders.type'),
      cell: (o) => `${t(`entry.type.${o.orderType}`)} · ${o.timeInForce.toUpperCase()}`,
    },
    col.price(t('entry.price')),
    {
      key: 'qty',
      header: t('entry.qty'),
      align: 'right',
      cell: (o) => <span className="num">{formatNumber(o.qty, { dp: 8 })}</span>,
    },
    {
      key: 'filled',
      header: t('orders.filledQty'),
      align: 'right',
      cell: (o) => <span className="num">{formatNumber(o.filledQty, { dp: 8 })}</span>,
    },
    {
      key: 'avg',
      header: t('orders.avgPrice'),
      align: 'right',
      cell: (o) => <span className="num">{formatDerivedPrice(o.avgPrice, ranges)}</span>,
    },
    {
      key: 'last',
      header: t('orders.lastEvent'),
      cell: (o) => {
        // live sends no closedAt: the last fill where there was one, the close only where sent
        const ev = lastOrderEvent(o);
        return ev ? (
          <span className="num text-dim" data-testid="history-last-event" data-kind={ev.kind}>
            {tf.dateTime(ev.ts)} <span className="text-[10px]">{t(`orders.ev.${ev.kind}`)}</span>
          </span>
        ) : (
          <span className="text-dim" data-testid="history-last-event" data-kind="none">
            -
          </span>
        );
      },
    },
    {
      key: 'status',
      header: t('orders.status'),
      cell: (o) => <FateStatus orderId={Number(o.orderId)} status={o.status} />,
    },
    { key: 'id', header: 'ID', cell: (o) => <span className="num text-dim">{o.orderId}</span> },
  ];

  const exportCsv = () =>
    downloadCsv(
      `orders-${props.symbol}-${h.page}.csv`,
      toCsv(
        [
          { header: 'orderId', value: (o: AllOrder) => o.orderId },
          { header: 'clientOrderId', value: (o) => o.clientOrderId },
          { header: 'createdAt', value: (o) => new Date(o.createdAt).toISOString() },
          { header: 'symbol', value: (o) => o.symbol },
          { header: 'side', value: (o) => o.side },
          { header: 'orderType', value: (o) => o.orderType },
          { header: 'timeInForce', value: (o) => o.timeInForce },
          { header: 'price', value: (o) => o.price },
          { header: 'qty', value: (o) => o.qty },
          { header: 'amt', value: (o) => o.amt },
          { header: 'filledQty', value: (o) => o.filledQty },
          { header: 'filledAmt', value: (o) => o.filledAmt },
          { header: 'avgPrice', value: (o) => o.avgPrice },
          { header: 'lastFilledAt', value: (o) => isoOrEmpty(o.lastFilledAt) },
          { header: 'closedAt', value: (o) => isoOrEmpty(o.closedAt) },
          { header: 'status', value: (o) => o.status },
        ],
        rows,
      ),
    );

  return (
    <div className="flex h-full flex-col">
      <div className="flex h-8 shrink-0 items-center gap-2 px-2 text-[11px]">
        <select
          className={sel}
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          data-testid="history-status"
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s === 'all' ? t('common.all') : t(`status.${s}`)}
            </option>
          ))}
        </select>
        <select
          className={sel}
          value={side}
          onChange={(e) => setSide(e.target.value)}
          data-testid="history-side"
        >
          <option value="all">{t('common.all')}</option>
          <option value="buy">{t('trade.buy')}</option>
          <option value="sell">{t('trade.sell')}</option>
        </select>
        <select
          className={sel}
          value={limit}
          onChange={(e) => setLimit(Number(e.target.value))}
          data-testid="history-limit"
          title={t('orders.pageSize')}
        >
          {[10, 20, 50, 100].map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        <Button size="xs" onClick={h.newer} disabled={h.page <= 1} data-testid="history-newer">
          ◀ {t('orders.newer')}
        </Button>
        <span className="num text-dim" data-testid="history-page">
          {t('orders.page', { n: h.page })} · {tf.short(h.cursor.startTime)} –{' '}
          {h.cursor.endTime ? tf.short(h.cursor.endTime) : t('orders.now')}
        </span>
        <Button size="xs" onClick={h.older} disabled={!h.hasOlder} data-testid="history-older">
          {t('orders.older')} ▶
        </Button>
        <Button size="xs" variant="ghost" onClick={h.reset} title={t('orders.window36h')}>
          ⟳
        </Button>
        <div className="ml-auto flex items-center gap-2">
          <OrderLookup onLookup={setDetail} />
          <Button size="xs" onClick={exportCsv} disabled={rows.length === 0} data-testid="history-csv">
            {t('common.csv')}
          </Button>
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-auto">
        {h.isLoading ? (
          <Spinner />
        ) : h.error ? (
          <ErrorState error={h.error} onRetry={() => h.refetch()} retryLabel={t('common.retry')} />
        ) : (
          <Table
            columns={cols}
            rows={rows}
            rowKey={(o) => o.orderId}
            onRowClick={(o) => setDetail({ orderId: o.orderId })}
            testId="order-history"
            rowTestId="history-row"
            empty={<EmptyState>{t('orders.noHistory')}</EmptyState>}
          />
        )}
      </div>
      <OrderDetailDialog {...props} target={detail} onClose={() => setDetail(null)} />
    </div>
  );
}
