// Layout of a bottom tab that lists records: a toolbar (note, extra buttons, CSV export) over the
// scrolling table of a list query.
import type { ReactNode } from 'react';
import { Button } from '../../../components/Button.js';
import { QueryTable, type QueryTableProps } from '../../../components/QueryTable.js';
import { useT } from '../../../lib/i18n.js';

export function ListTab<T>(
  props: QueryTableProps<T> & {
    /** Left side of the toolbar (a note, a refresh button). */
    toolbar: ReactNode;
    onCsv: () => void;
    csvTestId: string;
  },
) {
  const t = useT();
  const { toolbar, onCsv, csvTestId, ...table } = props;
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-8 shrink-0 items-center gap-2 px-2 text-[11px] text-dim">
        {toolbar}
        <Button
          size="xs"
          className="ml-auto"
          onClick={onCsv}
          disabled={!table.query.data?.length}
          data-testid={csvTestId}
        >
          {t('common.csv')}
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-auto">
        <QueryTable retryLabel={t('common.retry')} {...table} />
      </div>
    </div>
  );
}
