// Currencies and their networks: deposit / withdrawal status, fee, minimum, confirmations.
import { Badge, type Column, EmptyState, ErrorState, Panel, Spinner, Table } from '../../components/index.js';
import { formatQty } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { type Currency, type Network, useCurrencies } from '../../lib/referenceData.js';
import { statusLabel } from '../../lib/statusLabel.js';

interface Row {
  currency: Currency;
  /** null: a currency without networks (fiat rows carry no networkList on the live service). */
  network: Network | null;
  first: boolean;
}

function StatusMark(props: { status: string }) {
  const t = useT();
  return (
    <Badge tone={props.status === 'launched' ? 'ok' : 'danger'} title={props.status}>
      {statusLabel(t, props.status)}
    </Badge>
  );
}

export function CurrenciesPanel() {
  const t = useT();
  const q = useCurrencies();
  const rows: Row[] = (q.data ?? []).flatMap((c): Row[] =>
    c.networkList.length > 0
      ? c.networkList.map((n, i) => ({ currency: c, network: n, first: i === 0 }))
      : [{ currency: c, network: null, first: true }],
  );
  const columns: Column<Row>[] = [
    {
      key: 'c',
      header: t('acc.currency'),
      cell: (r) =>
        r.first ? (
          <span>
            <b className="uppercase">{r.currency.name}</b>{' '}
            <span className="text-dim">{r.currency.fullName}</span>
          </span>
        ) : null,
    },
    {
      key: 'n',
      header: t('acc.network'),
      cell: (r) => (
        <span>
          {r.network?.name ?? '-'}
          {r.network && r.currency.defaultNetwork === r.network.name && (
            <span className="ml-1 text-[10px] text-dim">({t('acc.cur.default')})</span>
          )}
        </span>
      ),
    },
    {
      key: 'd',
      header: t('acc.cur.deposit'),
      align: 'center',
      cell: (r) => (r.network ? <StatusMark status={r.network.depositStatus} /> : '-'),
    },
    {
      key: 'w',
      header: t('acc.cur.withdrawal'),
      align: 'center',
      cell: (r) => (r.network ? <StatusMark status={r.network.withdrawalStatus} /> : '-'),
    },
    {
      key: 'f',
      header: t('acc.fee'),
      align: 'right',
      className: 'num',
      cell: (r) => formatQty(r.network?.withdrawalTxFee ?? null),
    },
    {
      key: 'm',
      header: t('acc.wd.min'),
      align: 'right',
      className: 'num',
      cell: (r) => formatQty(r.network?.withdrawalMinAmount ?? r.currency.withdrawalMinAmount ?? null),
    },
    {
      key: 'x',
      header: t('acc.cur.confirmations'),
      align: 'right',
      className: 'num text-dim',
      cell: (r) => r.network?.confirmationCount ?? '-',
    },
  ];
  return (
    <Panel title={t('acc.cur.title')} testId="currencies">
      {q.isPending ? (
        <Spinner />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <Table
          columns={columns}
          rows={rows}
          rowKey={(r) => `${r.currency.name}:${r.network?.name ?? ''}`}
          empty={<EmptyState />}
        />
      )}
    </Panel>
  );
}
