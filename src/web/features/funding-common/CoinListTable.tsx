// The table of a coin funding list read under either reading of `currency` (coinFundingList.ts): the
// rows, and in place above them what the list could not show — each currency whose list failed, with the
// error's code and sentence — and, when the exchange wanted a currency, which currencies were asked.
import type { UseQueryResult } from '@tanstack/react-query';
import type { CoinListRead } from '../../../core/funding/coinLists.js';
import { type Column, ErrorState } from '../../components/index.js';
import type { Gate } from '../../lib/gate.js';
import { useT } from '../../lib/i18n.js';
import { GatedQueryTable } from './GatedQueryTable.js';

export function CoinListTable<T extends { id: number }>(props: {
  gate: Gate;
  query: UseQueryResult<CoinListRead<T>>;
  columns: Column<T>[];
  rowTestId: string;
  testId: string;
  onRowClick: (row: T) => void;
  empty: string;
}) {
  const t = useT();
  const q = props.query;
  const read = q.data;
  // the table wants the rows; the query's state and timestamps stay as they are
  const rowsQuery = {
    data: read?.rows,
    error: q.error,
    isError: q.isError,
    isPending: q.isPending,
    refetch: q.refetch,
    dataUpdatedAt: q.dataUpdatedAt,
    errorUpdatedAt: q.errorUpdatedAt,
  };
  return (
    <>
      {props.gate.ok && read && read.mode === 'perCurrency' && (
        <p className="px-2 pt-1 text-[11px] text-dim" data-testid={`${props.testId}-per-currency`}>
          {read.currencies.length
            ? t('fund.perCurrency', { list: read.currencies.map((c) => c.toUpperCase()).join(', ') })
            : t('fund.perCurrencyNone')}
        </p>
      )}
      {props.gate.ok &&
        read?.failures.map((f) => (
          <div
            key={f.currency ?? '-'}
            className="flex items-center gap-1 px-2 text-[11px]"
            data-testid={`${props.testId}-failure`}
          >
            <b className="uppercase">{f.currency ?? '-'}</b>
            <span className="text-dim">{t('fund.listUnread')}</span>
            <ErrorState
              compact
              error={f.error}
              onRetry={() => void q.refetch()}
              retryLabel={t('common.retry')}
            />
          </div>
        ))}
      <GatedQueryTable<T>
        gate={props.gate}
        query={rowsQuery}
        columns={props.columns}
        rowKey={(d) => `${(d as { currency?: string }).currency ?? ''}:${d.id}`}
        rowTestId={props.rowTestId}
        onRowClick={props.onRowClick}
        empty={props.empty}
      />
    </>
  );
}
