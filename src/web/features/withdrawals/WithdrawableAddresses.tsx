// Registered (withdrawable) addresses of the main account; one is chosen in the request form.
import { Panel } from '../../components/index.js';
import { useT } from '../../lib/i18n.js';
import { useGate } from '../../lib/useGate.js';
import { CopyButton } from '../deposits/index.js';
import { GatedQueryTable, useRecordColumns } from '../funding-common/index.js';
import { useWithdrawableAddresses, type WithdrawableAddress } from './queries.js';

export function WithdrawableAddresses(props: { profileId: string | null }) {
  const t = useT();
  const col = useRecordColumns();
  const read = useGate({ permission: 'readWithdrawals', accountSeq: 1, mainOnly: true });
  const q = useWithdrawableAddresses(props.profileId, read.ok);
  return (
    <Panel title={t('acc.wd.addresses')} testId="withdrawable-addresses" className="max-h-72 shrink-0">
      <GatedQueryTable<WithdrawableAddress>
        gate={read}
        query={q}
        columns={[
          {
            key: 'currency',
            header: t('acc.currency'),
            width: '64px',
            // No currency: the address takes any asset on its network (live shape).
            cell: (a) =>
              a.currency ? (
                <b className="uppercase">{a.currency}</b>
              ) : (
                <span className="text-dim" title={t('fid.anyAssetHint')}>
                  {t('fid.anyAsset')}
                </span>
              ),
          },
          col.network('80px'),
          col.address('max-w-96'),
          { key: 'x', header: '', align: 'right', cell: (a) => <CopyButton text={a.address} /> },
        ]}
        rowKey={(a) => `${a.currency ?? '*'}:${a.network}:${a.address}`}
        empty={t('acc.wd.noAddresses')}
      />
    </Panel>
  );
}
