// Deposit addresses: list, show, copy, and create one for a currency and network.
import { useCallback, useState } from 'react';
import { Button, ErrorState, Panel } from '../../components/index.js';
import { useT } from '../../lib/i18n.js';
import { useCurrencies } from '../../lib/referenceData.js';
import { GatedButton, GateNote, useGate } from '../../lib/useGate.js';
import { GatedQueryTable, useRecordColumns } from '../funding-common/index.js';
import { CopyButton } from './CopyButton.js';
import { CurrencyNetworkPicker } from './CurrencyNetworkPicker.js';
import { type DepositAddress, useCreateDepositAddress, useDepositAddresses } from './queries.js';

export function DepositAddresses(props: { profileId: string | null }) {
  const t = useT();
  const col = useRecordColumns();
  const read = useGate({ permission: 'readDeposits', accountSeq: 1, mainOnly: true });
  const write = useGate({ permission: 'writeDeposits', accountSeq: 1, mainOnly: true });
  const list = useDepositAddresses(props.profileId, read.ok);
  const currencies = useCurrencies();
  const create = useCreateDepositAddress(props.profileId);
  const [pick, setPick] = useState({ currency: '', network: '' });
  const onPick = useCallback((v: { currency: string; network: string }) => setPick(v), []);
  const [shown, setShown] = useState<DepositAddress | null>(null);
  const exists = list.data?.some((a) => a.currency === pick.currency && a.network === pick.network);

  return (
    <Panel title={t('acc.dep.addresses')} testId="deposit-addresses" className="min-h-64">
      <div className="flex flex-col gap-2 border-b border-line p-2">
        <div className="flex items-center gap-2">
          <div className="flex-1">
            <CurrencyNetworkPicker
              currencies={currencies.data ?? []}
              currency={pick.currency}
              network={pick.network}
              purpose="deposit"
              onChange={onPick}
            />
          </div>
          <GatedButton
            gate={write}
            disabled={!pick.network || exists || create.isPending}
            onClick={() => create.mutate(pick, { onSuccess: (a) => setShown(a) })}
            testId="create-address"
          >
            {t('acc.dep.create')}
          </GatedButton>
        </div>
        <GateNote gate={write} />
        {create.isError && <ErrorState compact error={create.error} />}
        {shown && (
          <div className="rounded border border-accent/40 bg-panel2 p-2" data-testid="address-shown">
            <div className="mb-1 text-[11px] text-dim">
              {shown.currency.toUpperCase()} · {shown.network}
            </div>
            <div className="flex items-center gap-2">
              <code className="num flex-1 break-all text-[13px]">{shown.address}</code>
              <CopyButton text={shown.address} />
            </div>
            {shown.secondaryAddress && (
              <div className="mt-1 flex items-center gap-2 text-[12px]">
                <span className="text-dim">{t('acc.secondaryAddress')}</span>
                <code className="num">{shown.secondaryAddress}</code>
                <CopyButton text={shown.secondaryAddress} />
              </div>
            )}
          </div>
        )}
      </div>
      <GatedQueryTable<DepositAddress>
        gate={read}
        query={list}
        columns={[
          col.currency('64px'),
          col.network('90px'),
          col.address('max-w-72'),
          {
            key: 'x',
            header: '',
            align: 'right',
            cell: (a) => (
              <span className="flex justify-end gap-1">
                <Button size="xs" variant="ghost" onClick={() => setShown(a)}>
                  {t('acc.show')}
                </Button>
                <CopyButton text={a.address} />
              </span>
            ),
          },
        ]}
        rowKey={(a) => `${a.currency}:${a.network}`}
        empty={t('acc.dep.noAddresses')}
      />
    </Panel>
  );
}
