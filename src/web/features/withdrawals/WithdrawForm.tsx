// Coin withdrawal request: currency and network (fee, minimum from currencies), a registered address,
// the withdrawable amount, checks before sending, and an explicit confirmation.
import { useCallback, useMemo, useState } from 'react';
import { formatSpendable } from '../../../core/displayRules.js';
import { addressFits } from '../../../core/schemas/assets.js';
import { ErrorState, Panel } from '../../components/index.js';
import { formatQty } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { useCurrencies } from '../../lib/referenceData.js';
import { GatedButton, GateNote } from '../../lib/useGate.js';
import { CurrencyNetworkPicker } from '../deposits/index.js';
import { AmountWithMax } from '../funding-common/index.js';
import { ConfirmWithdrawal } from './ConfirmWithdrawal.js';
import { withdrawIssueText } from './issueText.js';
import {
  useRequestWithdrawal,
  useWithdrawableAddresses,
  useWithdrawableAmount,
  type WithdrawalRequest,
} from './queries.js';
import { useWithdrawalGates } from './useWithdrawalGates.js';
import { maxWithdrawAmount, withdrawIssue } from './withdrawRules.js';

const selectCls =
  'h-8 w-full rounded border border-line bg-panel2 px-2 text-[12px] text-fg outline-none focus:border-accent';

export function WithdrawForm(props: { profileId: string | null }) {
  const t = useT();
  const { read, write } = useWithdrawalGates();
  const currencies = useCurrencies();
  const addresses = useWithdrawableAddresses(props.profileId, read.ok);
  const [pick, setPick] = useState({ currency: '', network: '' });
  const onPick = useCallback((v: { currency: string; network: string }) => setPick(v), []);
  const [address, setAddress] = useState('');
  const [amount, setAmount] = useState('');
  const [pending, setPending] = useState<WithdrawalRequest | null>(null);
  const amountQ = useWithdrawableAmount(props.profileId, pick.currency, read.ok);
  const request = useRequestWithdrawal(props.profileId);

  const currency = currencies.data?.find((c) => c.name === pick.currency);
  const network = currency?.networkList.find((n) => n.name === pick.network);
  const candidates = useMemo(
    () => (addresses.data ?? []).filter((a) => addressFits(a, pick.currency, pick.network)),
    [addresses.data, pick],
  );
  const chosen = candidates.find((a) => a.address === address) ?? candidates[0];
  const withdrawable = amountQ.data?.withdrawableAmount;
  const issue = withdrawIssue({
    amount,
    network,
    address: chosen?.address,
    withdrawable,
    maxPerRequest: currency?.withdrawalMaxAmountPerRequest,
  });
  const cur = pick.currency.toUpperCase();

  return (
    <Panel title={t('acc.wd.request')} testId="withdraw-form">
      <div className="flex flex-col gap-2 p-3">
        <CurrencyNetworkPicker
          currencies={currencies.data ?? []}
          currency={pick.currency}
          network={pick.network}
          purpose="withdrawal"
          onChange={onPick}
        />
        <div
          className="grid grid-cols-2 gap-x-4 gap-y-1 rounded bg-panel2 p-2 text-[12px]"
          data-testid="network-terms"
        >
          <span className="text-dim">{t('acc.fee')}</span>
          <span className="num text-right">
            {network ? `${formatQty(network.withdrawalTxFee ?? '0')} ${cur}` : '-'}
          </span>
          <span className="text-dim">{t('acc.wd.min')}</span>
          <span className="num text-right">
            {network?.withdrawalMinAmount ? `${formatQty(network.withdrawalMinAmount)} ${cur}` : '-'}
          </span>
          <span className="text-dim">{t('acc.wd.maxPerRequest')}</span>
          <span className="num text-right">
            {currency?.withdrawalMaxAmountPerRequest
              ? `${formatQty(currency.withdrawalMaxAmountPerRequest)} ${cur}`
              : '-'}
          </span>
          <span className="text-dim">{t('acc.wd.withdrawable')}</span>
          <span className="num text-right font-semibold" data-testid="withdrawable">
            {withdrawable !== undefined ? `${formatSpendable(withdrawable, cur)} ${cur}` : '-'}
          </span>
          <span className="text-dim">{t('acc.wd.inUse')}</span>
          <span className="num text-right">
            {amountQ.data ? `${formatQty(amountQ.data.withdrawalInUseAmount)} ${cur}` : '-'}
          </span>
        </div>
        <label className="flex flex-col gap-1 text-[11px] text-dim">
          {t('acc.address')}
          <select
            className={selectCls}
            value={chosen?.address ?? ''}
            onChange={(e) => setAddress(e.target.value)}
            data-testid="withdraw-address"
            disabled={candidates.length === 0}
          >
            {candidates.length === 0 && <option value="">{t('acc.wd.noAddresses')}</option>}
            {candidates.map((a) => (
              <option key={`${a.address}:${a.secondaryAddress ?? ''}`} value={a.address}>
                {a.address}
                {a.secondaryAddress ? ` · ${a.secondaryAddress}` : ''}
              </option>
            ))}
          </select>
        </label>
        <AmountWithMax
          unit={cur}
          value={amount}
          onChange={setAmount}
          onMax={
            withdrawable === undefined
              ? undefined
              : () =>
                  setAmount(
                    maxWithdrawAmount(
                      withdrawable,
                      network?.withdrawalPrecision,
                      currency?.withdrawalMaxAmountPerRequest,
                    ),
                  )
          }
          testId="withdraw-amount"
          error={amount && issue && issue.code !== 'NO_ADDRESS' ? withdrawIssueText(t, issue) : undefined}
        />
        <GatedButton
          gate={write}
          size="md"
          disabled={issue !== null || request.isPending}
          onClick={() =>
            chosen &&
            setPending({
              currency: pick.currency,
              network: pick.network,
              address: chosen.address,
              secondaryAddress: chosen.secondaryAddress,
              amount,
            })
          }
          testId="withdraw-submit"
        >
          {t('acc.wd.request')}
        </GatedButton>
        <GateNote gate={write} testId="withdraw-gate" />
        {request.isError && <ErrorState compact error={request.error} />}
        {request.isSuccess && (
          <p className="text-[12px] text-emerald-500" data-testid="withdraw-result">
            {t('acc.wd.requested', {
              id: request.data.coinWithdrawalId,
              status: t(`acc.st.${request.data.status}`),
            })}
          </p>
        )}
      </div>
      <ConfirmWithdrawal
        request={pending}
        fee={network?.withdrawalTxFee}
        busy={request.isPending}
        onClose={() => setPending(null)}
        onConfirm={() => {
          if (!pending) return;
          request.mutate(pending, { onSettled: () => setPending(null), onSuccess: () => setAmount('') });
        }}
      />
    </Panel>
  );
}
