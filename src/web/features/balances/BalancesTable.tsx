// Holdings table: available / in orders / in withdrawal, avg buy price, live value, P&L and return.
import { formatSpendable } from '../../../core/displayRules.js';
import { type Column, EmptyState, Table } from '../../components/index.js';
import { signTone } from '../../components/SummaryStrip.js';
import { formatKrw, formatNumber, formatPercent } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import type { ValuedBalance } from '../../lib/valuation.js';

function price(v: string | null | undefined) {
  return formatNumber(v, { dp: 4 });
}

export function BalancesTable(props: { rows: ValuedBalance[] }) {
  const t = useT();
  const columns: Column<ValuedBalance>[] = [
    {
      key: 'cur',
      header: t('acc.currency'),
      cell: (r) => <span className="font-semibold uppercase">{r.currency}</span>,
      width: '80px',
    },
    {
      key: 'bal',
      header: t('acc.balance'),
      align: 'right',
      className: 'num',
      cell: (r) => formatSpendable(r.balance, r.currency),
    },
    {
      key: 'avail',
      header: t('acc.available'),
      align: 'right',
      className: 'num',
      cell: (r) => formatSpendable(r.available, r.currency),
    },
    {
      key: 'trade',
      header: t('acc.inOrders'),
      align: 'right',
      className: 'num text-dim',
      cell: (r) => formatSpendable(r.tradeInUse, r.currency),
    },
    {
      key: 'wd',
      header: t('acc.inWithdrawal'),
      align: 'right',
      className: 'num text-dim',
      cell: (r) => formatSpendable(r.withdrawalInUse, r.currency),
    },
    {
      key: 'avg',
      header: t('acc.avgPrice'),
      align: 'right',
      className: 'num',
      cell: (r) => (r.currency === 'krw' || r.cost === null ? '-' : price(r.avgPrice)),
    },
    {
      key: 'price',
      header: t('acc.price'),
      align: 'right',
      className: 'num',
      cell: (r) => (r.currency === 'krw' ? '' : price(r.price)),
    },
    {
      key: 'value',
      header: t('acc.value'),
      align: 'right',
      className: 'num font-semibold',
      cell: (r) => formatKrw(r.valueKrw),
    },
    {
      key: 'pnl',
      header: t('acc.pnl'),
      align: 'right',
      className: 'num',
      cell: (r) => <span className={signTone(r.pnl)}>{r.pnl === null ? '' : formatKrw(r.pnl)}</span>,
    },
    {
      key: 'ret',
      header: t('acc.return'),
      align: 'right',
      className: 'num',
      cell: (r) => (
        <span className={signTone(r.returnPct)}>
          {r.returnPct === null ? '' : formatPercent(r.returnPct)}
        </span>
      ),
    },
  ];
  return (
    <Table
      columns={columns}
      rows={props.rows}
      rowKey={(r) => r.currency}
      testId="balances-table"
      rowTestId="balance-row"
      empty={<EmptyState>{t('acc.noBalances')}</EmptyState>}
    />
  );
}
