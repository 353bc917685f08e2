import { useState } from 'react';
import { div, isPositive, mul, sub } from '../../../../core/decimal.js';
import { ApiError } from '../../../../core/errors.js';
import { Button } from '../../../components/Button.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { ErrorState } from '../../../components/ErrorState.js';
import { Spinner } from '../../../components/Spinner.js';
import { type Column, Table } from '../../../components/Table.js';
import { GapNoticeLine, useOpenOrders } from '../../../lib/account-stream/index.js';
import { errorSentence } from '../../../lib/errorText.js';
import { formatNumber } from '../../../lib/format.js';
import { useT } from '../../../lib/i18n.js';
import { dimClass, StaleMark } from '../../../lib/live/StaleMark.js';
import { useQueryFreshness } from '../../../lib/live/useFreshness.js';
import { useCancelAll, useCancelOrder } from '../../../lib/orders/useCancel.js';
import type { OpenOrder } from '../../../lib/types.js';
import { privateStream } from '../../../lib/ws.js';
import { usePrefs } from '../../../store/prefs.js';
import { openAmend } from '../../amend/index.js';
import { CancelAllDialog } from '../../hotkeys/index.js';
import { KeyProblemNotice } from '../../key-problem/index.js';
import { useTradeColumns } from './tradeColumns.js';

function Progress({ o }: { o: OpenOrder }) {
  const total = o.qty ?? null;
  const pct = total && isPositive(total) ? div(mul(o.filledQty, '100'), total, 1, 'down') : '0';
  return (
    <div className="flex items-center gap-1.5" title={`${pct}%`}>
      <div className="h-1.5 w-14 overflow-hidden rounded bg-panel2">
        <div className="h-full bg-accent" style={{ width: `${Math.min(100, Number(pct))}%` }} />
      </div>
      <span className="num text-[11px] text-dim">{pct}%</span>
    </div>
  );
}

export function OpenOrdersTab(props: {
  profileId: string | null;
  accountSeq: number;
  symbol: string;
  canWrite: boolean;
}) {
  const t = useT();
  const lang = usePrefs((s) => s.language);
  const q = useOpenOrders(props.profileId, props.accountSeq, props.symbol);
  // kept by the myOrder stream: current while it is up, however quiet (issue 11)
  const fresh = useQueryFreshness(q, {
    stream: props.profileId ? privateStream(props.profileId) : null,
    budgetMs: Number.POSITIVE_INFINITY,
  });
  const cancel = useCancelOrder(props.profileId, props.accountSeq, props.symbol);
  const all = useCancelAll(props.profileId, props.accountSeq, props.symbol);
  const [pending, setPending] = useState<Set<number>>(new Set());
  const [err, setErr] = useState<unknown>(null);
  const [askAll, setAskAll] = useState(false);

  const cancelOne = (id: number) => {
    setPending((s) => new Set(s).add(id));
    setErr(null);
    cancel.mutate(id, {
      onError: (e) => {
        setErr(e);
        setPending((s) => {
          const n = new Set(s);
          n.delete(id);
          return n;
        });
      },
    });
  };

  const col = useTradeColumns();
  const cols: Column<OpenOrder>[] = [
    col.time((o) => o.createdAt),
    col.side(t('orders.side'), (o) => o.side),
    { key: 'type', header: t('orders.type'), cell: (o) => t(`entry.type.${o.orderType}`) },
    col.price(t('entry.price')),
    {
      key: 'qty',
      header: t('entry.qty'),
      align: 'right',
      cell: (o) => <span className="num">{formatNumber(o.qty ?? o.amt, { dp: 8 })}</span>,
    },
    {
      key: 'remain',
      header: t('orders.remaining'),
      align: 'right',
      cell: (o) => (
        <span className="num">{o.qty ? formatNumber(sub(o.qty, o.filledQty), { dp: 8 }) : '-'}</span>
      ),
    },
    { key: 'fill', header: t('orders.filled'), cell: (o) => <Progress o={o} /> },
    { key: 'status', header: t('orders.status'), cell: (o) => t(`status.${o.status}`) },
    {
      key: 'id',
      header: 'ID',
      cell: (o) => (
        <span className="num text-dim" title={o.clientOrderId ?? ''}>
          {o.orderId}
        </span>
      ),
    },
    {
      key: 'cancel',
      header: '',
      align: 'right',
      cell: (o) => (
        <span className="inline-flex gap-1">
          {o.orderType === 'limit' && o.price && o.qty && (
            <Button
              size="xs"
              data-testid="amend-order"
              disabled={!props.canWrite || pending.has(o.orderId)}
              onClick={() =>
                openAmend({
                  orderId: o.orderId,
                  symbol: props.symbol,
                  side: o.side,
                  price: o.price!,
                  qty: o.qty!,
                  filledQty: o.filledQty,
                  clientOrderId: o.clientOrderId,
                })
              }
            >
              {t('amend.button')}
            </Button>
          )}
          <Button
            size="xs"
            variant="danger"
            data-testid="cancel-order"
            disabled={!props.canWrite || pending.has(o.orderId)}
            onClick={() => cancelOne(o.orderId)}
          >
            {pending.has(o.orderId) ? t('orders.canceling') : t('common.cancel')}
          </Button>
        </span>
      ),
    },
  ];

  if (!props.profileId) return <EmptyState>{t('entry.blocked.noProfile')}</EmptyState>;
  if (q.isLoading) return <Spinner />;
  if (q.error)
    return <ErrorState error={q.error} onRetry={() => q.refetch()} retryLabel={t('common.retry')} />;
  const rows = q.data ?? [];
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-8 shrink-0 items-center gap-2 px-2 text-[12px]">
        <span className="text-dim">{t('orders.count', { n: rows.length })}</span>
        <StaleMark f={fresh} testId="orders-fresh" />
        {all.progress && (
          <span className="num text-dim" data-testid="cancel-all-progress">
            {all.progress.done}/{all.progress.total}
            {all.progress.failed.length > 0 && (
              <span className="ml-1 text-danger">
                {all.progress.failed.length} {t('orders.failed')} ({all.progress.failed[0]?.code})
              </span>
            )}
          </span>
        )}
        {err instanceof ApiError && (
          <span className="min-w-0 truncate text-danger" role="alert" title={err.description}>
            {errorSentence(lang, err.code, err.description)}{' '}
            <code className="text-[10px] opacity-75">{err.code}</code>
          </span>
        )}
        <Button
          size="xs"
          variant="danger"
          className="ml-auto"
          data-testid="cancel-all"
          disabled={
            !props.canWrite ||
            rows.length === 0 ||
            (all.progress !== null && all.progress.done < all.progress.total)
          }
          onClick={() => {
            setAskAll(true);
          }}
        >
          {t('orders.cancelAll')}
        </Button>
      </div>
      <GapNoticeLine profileId={props.profileId} accountSeq={props.accountSeq} />
      <KeyProblemNotice variant="panel" profileId={props.profileId} />
      <div className={`min-h-0 flex-1 overflow-auto ${dimClass(fresh)}`}>
        <Table
          columns={cols}
          rows={rows}
          rowKey={(o) => o.orderId}
          testId="open-orders"
          rowTestId="open-order-row"
          empty={<EmptyState>{t('orders.noOpen')}</EmptyState>}
        />
      </div>
      <CancelAllDialog
        open={askAll}
        onClose={() => setAskAll(false)}
        rows={rows}
        symbol={props.symbol}
        onConfirm={(r) => void all.run(r)}
        testId="cancel-all"
      />
    </div>
  );
}
