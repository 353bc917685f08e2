import { useQuery } from '@tanstack/react-query';
import { isTimestamp, type OrderTimeKind, orderTimeRows } from '../../../../core/orderTimes.js';
import { orderSchema } from '../../../../core/schemas/orders.js';
import { Dialog } from '../../../components/Dialog.js';
import { ErrorState } from '../../../components/ErrorState.js';
import { Spinner } from '../../../components/Spinner.js';
import { apiGet } from '../../../lib/api.js';
import { formatNumber, useTimeFormat } from '../../../lib/format.js';
import { useT } from '../../../lib/i18n.js';
import { qk } from '../../../lib/queryKeys.js';

const TIME_LABEL: Record<OrderTimeKind, string> = {
  created: 'orders.created',
  triggered: 'orders.triggered',
  lastFilled: 'orders.lastFilled',
  closed: 'orders.closed',
};

export type OrderRef = { orderId: number } | { clientOrderId: string };

/** Order detail from GET /v2/orders (by orderId or clientOrderId). */
export function OrderDetailDialog(props: {
  profileId: string | null;
  accountSeq: number;
  symbol: string;
  target: OrderRef | null;
  onClose: () => void;
}) {
  const t = useT();
  const tf = useTimeFormat();
  const id = props.target
    ? 'orderId' in props.target
      ? `id:${props.target.orderId}`
      : `c:${props.target.clientOrderId}`
    : '';
  const q = useQuery({
    queryKey: qk.order(props.profileId, props.accountSeq, props.symbol, id),
    queryFn: () =>
      apiGet(
        '/v2/orders',
        { symbol: props.symbol, accountSeq: props.accountSeq, ...props.target },
        {
          profileId: props.profileId,
          schema: orderSchema,
        },
      ),
    enabled: !!props.target && !!props.profileId,
    staleTime: 2000,
    retry: false,
  });
  const o = q.data;
  const rows: [string, React.ReactNode][] = o
    ? [
        ['orderId', o.orderId],
        ['clientOrderId', o.clientOrderId ?? '-'],
        [t('orders.status'), t(`status.${o.status}`)],
        [t('orders.side'), t(`trade.${o.side}`)],
        [t('orders.type'), `${t(`entry.type.${o.orderType}`)} · ${o.timeInForce.toUpperCase()}`],
        [t('entry.price'), formatNumber(o.price)],
        [t('entry.qty'), formatNumber(o.qty, { dp: 8 })],
        [t('entry.amount'), formatNumber(o.amt)],
        [t('orders.filledQty'), formatNumber(o.filledQty, { dp: 8 })],
        [t('orders.filledAmt'), formatNumber(o.filledAmt)],
        [t('orders.avgPrice'), formatNumber(o.avgPrice)],
        // only the times the exchange sent (live sends no closedAt / triggeredAt); no fill is said so
        ...orderTimeRows(o).map((r): [string, React.ReactNode] => [t(TIME_LABEL[r.kind]), tf.dateTime(r.ts)]),
        ...(isTimestamp(o.lastFilledAt)
          ? []
          : [[t('orders.lastFilled'), t('orders.noFill')] as [string, string]]),
      ]
    : [];
  return (
    <Dialog
      open={!!props.target}
      onClose={props.onClose}
      title={t('orders.detail')}
      testId="order-detail"
      width={460}
    >
      {q.isLoading && <Spinner />}
      {q.error && <ErrorState error={q.error} compact />}
      {o && (
        <dl className="grid grid-cols-[140px_1fr] gap-y-1">
          {rows.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-dim">{k}</dt>
              <dd className="num text-right">{v}</dd>
            </div>
          ))}
        </dl>
      )}
    </Dialog>
  );
}
