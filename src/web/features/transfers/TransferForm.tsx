// Move an asset between the user's own accounts: source and destination, currency, amount,
// a before/after preview of both balances, then the result.
import { useMemo, useState } from 'react';
import { round } from '../../../core/decimal.js';
import { currencyDp, formatSpendable } from '../../../core/displayRules.js';
import { ErrorState, Panel } from '../../components/index.js';
import { AccountSelect } from '../../lib/accounts/AccountSelect.js';
import { formatQty } from '../../lib/format.js';
import { gate } from '../../lib/gate.js';
import { useT } from '../../lib/i18n.js';
import { useKeyInfo } from '../../lib/session.js';
import { useBalances } from '../../lib/useBalances.js';
import { GatedButton, GateNote, useGate } from '../../lib/useGate.js';
import { AmountWithMax } from '../funding-common/index.js';
import { useCreateTransfer } from './queries.js';
import { type TransferIssue, transferIssue, transferPreview } from './transferPreview.js';

function issueText(t: (k: string, v?: Record<string, string | number>) => string, i: TransferIssue) {
  const { code, ...vars } = i;
  return t(`acc.tr.issue.${code}`, vars as Record<string, string | number>);
}

export function TransferForm(props: {
  profileId: string | null;
  fromSeq: number;
  onFromChange: (s: number) => void;
}) {
  const t = useT();
  const key = useKeyInfo(props.profileId);
  const allowed = key.data?.allowedAccountSeqs ?? [];
  const [toSeq, setToSeq] = useState<number>(() => (props.fromSeq === 1 ? 2 : 1));
  const [currency, setCurrency] = useState('krw');
  const [amount, setAmount] = useState('');
  const fromGate = useGate({ permission: 'writeTransfers', accountSeq: props.fromSeq });
  const toGate = gate(key.data, { permission: 'writeTransfers', accountSeq: toSeq });
  const write = fromGate.ok ? toGate : fromGate;
  const readBal = useGate({ permission: 'readBalances', accountSeq: props.fromSeq }).ok;
  const fromBal = useBalances(props.profileId, props.fromSeq, readBal);
  const toBal = useBalances(props.profileId, toSeq, readBal && allowed.includes(toSeq));
  const create = useCreateTransfer(props.profileId);
  const sent = create.variables;

  const currencies = useMemo(() => (fromBal.data ?? []).map((b) => b.currency), [fromBal.data]);
  const fromAvailable = fromBal.data?.find((b) => b.currency === currency)?.available ?? '0';
  const toBalance = toBal.data?.find((b) => b.currency === currency)?.balance ?? '0';
  const input = { fromSeq: props.fromSeq, toSeq, amount, fromAvailable, toBalance, allowed };
  const issue = amount ? transferIssue(input) : null;
  const preview = transferPreview(input);
  const cur = currency.toUpperCase();

  return (
    <Panel title={t('acc.tab.transfers')} testId="transfer-form">
      <div className="flex flex-col gap-2 p-3">
        <div className="grid grid-cols-[80px_1fr] items-center gap-2 text-[12px]">
          <span className="text-dim">{t('acc.tr.from')}</span>
          <AccountSelect
            profileId={props.profileId}
            value={props.fromSeq}
            onChange={props.onFromChange}
            testId="transfer-from"
          />
          <span className="text-dim">{t('acc.tr.to')}</span>
          <AccountSelect
            profileId={props.profileId}
            value={toSeq}
            onChange={setToSeq}
            exclude={props.fromSeq}
            testId="transfer-to"
          />
          <span className="text-dim">{t('acc.currency')}</span>
          <select
            className="h-7 rounded border border-line bg-panel2 px-2 text-[12px] uppercase text-fg outline-none focus:border-accent"
            value={currency}
            onChange={(e) => setCurrency(e.target.value)}
            data-testid="transfer-currency"
          >
            {(currencies.length ? currencies : ['krw']).map((c) => (
              <option key={c} value={c}>
                {c.toUpperCase()}
              </option>
            ))}
          </select>
        </div>
        <AmountWithMax
          unit={cur}
          value={amount}
          onChange={setAmount}
          onMax={() => setAmount(round(fromAvailable, currencyDp(cur), 'down'))}
          testId="transfer-amount"
          hint={`${t('acc.available')} ${formatSpendable(fromAvailable, cur)} ${cur}`}
          error={issue ? issueText(t, issue) : undefined}
        />
        <div className="rounded border border-line bg-panel2 p-2 text-[12px]" data-testid="transfer-preview">
          <div className="mb-1 text-[11px] text-dim">{t('acc.tr.preview')}</div>
          <div className="grid grid-cols-[1fr_auto_auto_auto] gap-x-3 gap-y-1">
            <span />
            <span className="text-right text-[11px] text-dim">{t('acc.tr.before')}</span>
            <span />
            <span className="text-right text-[11px] text-dim">{t('acc.tr.after')}</span>
            <span className="text-dim">
              {t('acc.tr.from')} #{props.fromSeq}
            </span>
            <span className="num text-right">{formatSpendable(fromAvailable, cur)}</span>
            <span className="text-dim">→</span>
            <span className="num text-right font-semibold text-down">
              {preview ? formatSpendable(preview.fromAfter, cur) : '-'}
            </span>
            <span className="text-dim">
              {t('acc.tr.to')} #{toSeq}
            </span>
            <span className="num text-right">{formatSpendable(toBalance, cur)}</span>
            <span className="text-dim">→</span>
            <span className="num text-right font-semibold text-up">
              {preview ? formatSpendable(preview.toAfter, cur) : '-'}
            </span>
          </div>
        </div>
        <GatedButton
          gate={write}
          size="md"
          disabled={!preview || create.isPending}
          onClick={() =>
            preview &&
            create.mutate(
              { fromSeq: props.fromSeq, toSeq, currency, amount: preview.amount },
              { onSuccess: () => setAmount('') },
            )
          }
          testId="transfer-submit"
        >
          {t('acc.tr.submit')}
        </GatedButton>
        <GateNote gate={write} testId="transfer-gate" />
        {create.isError && <ErrorState compact error={create.error} />}
        {create.isSuccess && (
          <p className="text-[12px] text-emerald-500" data-testid="transfer-result">
            {t('acc.tr.done', { id: create.data.transferId, status: t(`acc.st.${create.data.status}`) })} ·{' '}
            {formatQty(sent?.amount)} {sent?.currency.toUpperCase()} #{sent?.fromSeq} → #{sent?.toSeq}
          </p>
        )}
      </div>
    </Panel>
  );
}
