// Registered (withdrawable) addresses of the main account; one is chosen in the request form.
import { type Column, EmptyState, ErrorState, Panel, Spinner, Table } from '../../components/index.js';
import { useT } from '../../lib/i18n.js';
import { GateNote, useGate } from '../account-info/useGate.js';
import { CopyButton } from '../deposits/CopyButton.js';
import { useWithdrawableAddresses, type WithdrawableAddress } from './queries.js';

export function WithdrawableAddresses(props: { profileId: string | null }) {
  const t = useT();
  const read = useGate({ permission: 'readWithdrawals', accountSeq: 1, mainOnly: true });
  const q = useWithdrawableAddresses(props.profileId, read.ok);
  const columns: Column<WithdrawableAddress>[] = [
    {
      key: 'c',
      header: t('acc.currency'),
      cell: (a) => <b className="uppercase">{a.currency}</b>,
      width: '64px',
    },
    { key: 'n', header: t('acc.network'), cell: (a) => a.network, width: '80px' },
    {
      key: 'a',
      header: t('acc.address'),
      cell: (a) => (
        <span className="num block max-w-96 truncate" title={a.address}>
          {a.address}
          {a.secondaryAddress ? <span className="text-dim"> · {a.secondaryAddress}</span> : null}
        </span>
      ),
    },
    { key: 'x', header: '', align: 'right', cell: (a) => <CopyButton text={a.address} /> },
  ];
  return (
    <Panel title={t('acc.wd.addresses')} testId="withdrawable-addresses" className="max-h-72 shrink-0">
      {!read.ok ? (
        <div className="p-3">
          <GateNote gate={read} />
        </div>
      ) : q.isPending ? (
        <Spinner />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <Table
          columns={columns}
          rows={q.data}
          rowKey={(a) => `${a.currency}:${a.network}:${a.address}`}
          empty={<EmptyState>{t('acc.wd.noAddresses')}</EmptyState>}
        />
      )}
    </Panel>
  );
}
