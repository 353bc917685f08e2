// The detail dialog of one funding record (deposit, withdrawal, transfer), loaded by id on open.
import type { ReactNode } from 'react';
import { DetailRows, Dialog, ErrorState, Spinner } from '../../components/index.js';
import { useT } from '../../lib/i18n.js';

export function RecordDetail<T>(props: {
  id: string | number | null;
  query: { data: T | undefined; error: unknown; isError: boolean; isPending: boolean };
  rows: (record: T) => [string, ReactNode][];
  onClose: () => void;
  width?: number;
  testId?: string;
}) {
  const t = useT();
  const q = props.query;
  return (
    <Dialog
      open={props.id !== null}
      title={`${t('acc.detail')} #${props.id ?? ''}`}
      onClose={props.onClose}
      width={props.width}
      testId={props.testId}
    >
      {q.isPending ? (
        <Spinner />
      ) : q.isError ? (
        <ErrorState error={q.error} />
      ) : q.data ? (
        <DetailRows rows={props.rows(q.data)} />
      ) : null}
    </Dialog>
  );
}
