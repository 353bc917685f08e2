// Detail rows of a coin deposit or withdrawal (same record shape; a withdrawal adds its fee).
import type { ReactNode } from 'react';
import { formatQty, useTimeFormat } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { StatusBadge } from './StatusBadge.js';

export interface CoinRecord {
  status: string;
  currency: string;
  network: string;
  quantity: string;
  address: string;
  secondaryAddress?: string | null;
  transactionHash?: string | null;
  createdAt: number;
}

/** `fee` is given for a withdrawal only: its row stands after the amount. */
export function useCoinRecordRows(): (d: CoinRecord, fee?: string) => [string, ReactNode][] {
  const t = useT();
  const tf = useTimeFormat();
  return (d, fee) => [
    [t('acc.status'), <StatusBadge key="s" status={d.status} />],
    [t('acc.currency'), d.currency.toUpperCase()],
    [t('acc.network'), d.network],
    [t('acc.amount'), formatQty(d.quantity)],
    ...(fee !== undefined ? [[t('acc.fee'), formatQty(fee)] as [string, ReactNode]] : []),
    [t('acc.address'), d.address],
    [t('acc.secondaryAddress'), d.secondaryAddress ?? '-'],
    [t('acc.txid'), d.transactionHash ?? '-'],
    [t('acc.time'), tf.dateTime(d.createdAt)],
  ];
}
