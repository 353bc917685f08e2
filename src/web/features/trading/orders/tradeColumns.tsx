// Column builders shared by the order and trade lists (open orders, order history, my trades, prevented
// matches).
import type { Column } from '../../../components/Table.js';
import { formatNumber, useTimeFormat } from '../../../lib/format.js';
import { useT } from '../../../lib/i18n.js';

/** Builders bound to the current language and time zone; each returns one column definition. */
export function useTradeColumns() {
  const t = useT();
  const tf = useTimeFormat();
  return {
    time: <T,>(at: (r: T) => number, header = t('orders.time')): Column<T> => ({
      key: 'time',
      header,
      cell: (r) => <span className="num text-dim">{tf.dateTime(at(r))}</span>,
    }),
    side: <T,>(header: string, side: (r: T) => 'buy' | 'sell'): Column<T> => ({
      key: 'side',
      header,
      cell: (r) => (
        <span className={side(r) === 'buy' ? 'text-up' : 'text-down'}>{t(`trade.${side(r)}`)}</span>
      ),
    }),
    price: <T extends { price?: string | null }>(header = t('book.price')): Column<T> => ({
      key: 'price',
      header,
      align: 'right',
      cell: (r) => <span className="num">{formatNumber(r.price)}</span>,
    }),
    qty: <T extends { qty: string }>(header = t('book.qty')): Column<T> => ({
      key: 'qty',
      header,
      align: 'right',
      cell: (r) => <span className="num">{formatNumber(r.qty, { dp: 8 })}</span>,
    }),
    /** An order id, dimmed. */
    orderId: <T,>(key: string, header: string, id: (r: T) => string | number): Column<T> => ({
      key,
      header,
      cell: (r) => <span className="num text-dim">{id(r)}</span>,
    }),
  };
}
