import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState.js';
import { ErrorState } from './ErrorState.js';
import { Spinner } from './Spinner.js';
import { type Column, Table } from './Table.js';

/** The part of a TanStack Query result that a table needs. */
export interface ListQuery<T> {
  data: T[] | undefined;
  error: unknown;
  isError: boolean;
  isPending: boolean;
  refetch: () => unknown;
}

export interface QueryTableProps<T> {
  query: ListQuery<T>;
  /** Show the spinner; defaults to `query.isPending` (a disabled query may pass `isLoading`). */
  loading?: boolean;
  retryLabel?: string;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  onRowClick?: (row: T) => void;
  /** Text shown when the list is empty. */
  empty: ReactNode;
  testId?: string;
  rowTestId?: string;
}

/** A list query as a table: spinner while loading, the error with a retry, else rows or the empty text. */
export function QueryTable<T>(props: QueryTableProps<T>) {
  const q = props.query;
  if (props.loading ?? q.isPending) return <Spinner />;
  if (q.isError) {
    return <ErrorState error={q.error} onRetry={() => void q.refetch()} retryLabel={props.retryLabel} />;
  }
  return (
    <Table
      columns={props.columns}
      rows={q.data ?? []}
      rowKey={props.rowKey}
      onRowClick={props.onRowClick}
      testId={props.testId}
      rowTestId={props.rowTestId}
      empty={<EmptyState>{props.empty}</EmptyState>}
    />
  );
}
