// Column builders shared by the funding tables (deposits, withdrawals, transfers, addresses).
import type { ReactNode } from 'react';
import type { Column } from '../../components/index.js';
import { useTimeFormat } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { StatusBadge } from './StatusBadge.js';

type Align = Column<unknown>['align'];

/** Builders bound to the current language and time zone; each returns one column definition. */
export function useRecordColumns() {
  const t = useT();
  const tf = useTimeFormat();
  return {
    time: <T extends { createdAt: number }>(): Column<T> => ({
      key: 't',
      header: t('acc.time'),
      className: 'num text-dim',
      cell: (d) => tf.short(d.createdAt),
      width: '96px',
    }),
    currency: <T extends { currency: string }>(width?: string): Column<T> => ({
      key: 'c',
      header: t('acc.currency'),
      cell: (d) => <b className="uppercase">{d.currency}</b>,
      width,
    }),
    network: <T extends { network: string }>(width?: string): Column<T> => ({
      key: 'n',
      header: t('acc.network'),
      cell: (d) => d.network,
      width,
    }),
    /** The record's amount, right-aligned (formatQty or formatKrw of its quantity). */
    amount: <T,>(value: (d: T) => ReactNode): Column<T> => ({
      key: 'q',
      header: t('acc.amount'),
      align: 'right',
      className: 'num',
      cell: value,
    }),
    fee: <T,>(value: (d: T) => ReactNode): Column<T> => ({
      key: 'f',
      header: t('acc.fee'),
      align: 'right',
      className: 'num text-dim',
      cell: value,
    }),
    status: <T extends { status: string }>(align: Align = 'right'): Column<T> => ({
      key: 's',
      header: t('acc.status'),
      align,
      cell: (d) => <StatusBadge status={d.status} />,
    }),
    /** Address (and secondary address) truncated to `maxWidthClass` with the full text as tooltip. */
    address: <T extends { address: string; secondaryAddress?: string | null }>(
      maxWidthClass: string,
    ): Column<T> => ({
      key: 'a',
      header: t('acc.address'),
      cell: (a) => (
        <span className={`num block ${maxWidthClass} truncate`} title={a.address}>
          {a.address}
          {a.secondaryAddress ? <span className="text-dim"> · {a.secondaryAddress}</span> : null}
        </span>
      ),
    }),
  };
}
