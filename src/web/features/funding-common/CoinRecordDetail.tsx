// The detail dialog of the coin deposit or withdrawal a row click picked: the caller reads the record by the
// picked (id, currency) — the detail lookups want both — and passes the query; a withdrawal shows its fee.
import { useState } from 'react';
import { type CoinRecord, useCoinRecordRows } from './coinRecordRows.js';
import { RecordDetail } from './RecordDetail.js';

export interface CoinRecordPick {
  id: number;
  currency: string;
}

/** The picked row (null while no detail is open), a picker for the row click and the dialog's close. */
export function useCoinRecordPick() {
  const [picked, setPicked] = useState<CoinRecordPick | null>(null);
  return {
    picked,
    pick: (d: CoinRecordPick) => setPicked({ id: d.id, currency: d.currency }),
    close: () => setPicked(null),
  };
}

export function CoinRecordDetail<T extends CoinRecord>(props: {
  picked: CoinRecordPick | null;
  query: { data: T | undefined; error: unknown; isError: boolean; isPending: boolean };
  onClose: () => void;
  fee?: (record: T) => string;
}) {
  const rows = useCoinRecordRows();
  const fee = props.fee;
  return (
    <RecordDetail
      id={props.picked?.id ?? null}
      query={props.query}
      onClose={props.onClose}
      width={520}
      rows={(d) => rows(d, fee?.(d))}
    />
  );
}
