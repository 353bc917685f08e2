import { useQuery } from '@tanstack/react-query';
import { preventedMatchSchema } from '../../../../core/schemas/orders.js';
import { Button } from '../../../components/Button.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { ErrorState } from '../../../components/ErrorState.js';
import { Spinner } from '../../../components/Spinner.js';
import { type Column, Table } from '../../../components/Table.js';
import { apiGet } from '../../../lib/api.js';
import { formatNumber, useTimeFormat } from '../../../lib/format.js';
import { useT } from '../../../lib/i18n.js';
import { qk } from '../../../lib/queryKeys.js';
import type { PreventedMatch } from '../../../lib/types.js';
import { downloadCsv, toCsv } from './csv.js';

/** Self-trade prevention events (GET /v2/myPreventedMatches, accountSeq required). No stream: loaded on view. */
export function PreventedMatchesTab(props: { profileId: string | null; accountSeq: number; symbol: string }) {
  const t = useT();
  const tf = useTimeFormat();
  const q = useQuery<PreventedMatch[]>({
    queryKey: qk.preventedMatches(props.profileId, props.accountSeq, props.symbol),
    queryFn: () =>
      apiGet(
        '/v2/myPreventedMatches',
        { symbol: props.symbol, accountSeq: props.accountSeq, limit: 500 },
        { profileId: props.profileId, schema: preventedMatchSchema.array() },
      ),
    enabled: !!props.profileId,
    staleTime: 5_000,
  });
  const rows = q.data ?? [];
  const cols: Column<PreventedMatch>[] = [
    {
      key: 'time',
      header: t('orders.time'),
      cell: (r) => <span className="num text-dim">{tf.dateTime(r.createdAt)}</span>,
    },
    {
      key: 'side',
      header: t('pm.takerSide'),
      cell: (r) => (
        <span className={r.takerSide === 'buy' ? 'text-up' : 'text-down'}>{t(`trade.${r.takerSide}`)}</span>
      ),
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
      key: 'taker',
      header: t('pm.takerOrder'),
      cell: (r) => <span className="num text-dim">{r.takerOrderId}</span>,
    },
    {
      key: 'maker',
      header: t('pm.makerOrder'),
      cell: (r) => <span className="num text-dim">{r.makerOrderId}</span>,
    },
  ];
  const exportCsv = () =>
    downloadCsv(
      `prevented-matches-${props.symbol}.csv`,
      toCsv(
        [
          { header: 'preventedMatchId', value: (r: PreventedMatch) => r.preventedMatchId },
          { header: 'createdAt', value: (r) => new Date(r.createdAt).toISOString() },
          { header: 'symbol', value: (r) => r.symbol },
          { header: 'takerSide', value: (r) => r.takerSide },
          { header: 'price', value: (r) => r.price },
          { header: 'qty', value: (r) => r.qty },
          { header: 'takerOrderId', value: (r) => r.takerOrderId },
          { header: 'makerOrderId', value: (r) => r.makerOrderId },
        ],
        rows,
      ),
    );
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-8 shrink-0 items-center gap-2 px-2 text-[11px] text-dim">
        {t('pm.help')}
        <Button size="xs" variant="ghost" onClick={() => q.refetch()}>
          ⟳
        </Button>
        <Button size="xs" className="ml-auto" onClick={exportCsv} disabled={!rows.length}>
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
            rowKey={(r) => r.preventedMatchId}
            empty={<EmptyState>{t('pm.none')}</EmptyState>}
          />
        )}
      </div>
    </div>
  );
}
