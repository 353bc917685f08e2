// #/assets: holdings of the chosen account, deposits, withdrawals and transfers.
import { useState } from 'react';
import { Tabs } from '../components/index.js';
import { BalancesPanel } from '../features/balances/BalancesPanel.js';
import { DepositsPanel } from '../features/deposits/DepositsPanel.js';
import { TransfersPanel } from '../features/transfers/TransfersPanel.js';
import { WithdrawalsPanel } from '../features/withdrawals/WithdrawalsPanel.js';
import { AccountSelect } from '../lib/accounts/AccountSelect.js';
import { useT } from '../lib/i18n.js';
import { useActiveProfileId } from '../lib/session.js';
import { usePrefs } from '../store/prefs.js';

type Tab = 'balances' | 'deposits' | 'withdrawals' | 'transfers';

export function AssetsPage() {
  const t = useT();
  const profileId = useActiveProfileId();
  const accountSeq = usePrefs((s) => s.accountSeq);
  const setPrefs = usePrefs((s) => s.set);
  const [tab, setTab] = useState<Tab>('balances');
  const setAccount = (seq: number) => setPrefs({ accountSeq: seq });
  const funding = tab === 'deposits' || tab === 'withdrawals';
  return (
    <div className="flex h-full min-h-0 flex-col bg-bg" data-testid="assets-page">
      <Tabs<Tab>
        tabs={[
          { key: 'balances', label: t('acc.tab.balances') },
          { key: 'deposits', label: t('acc.tab.deposits') },
          { key: 'withdrawals', label: t('acc.tab.withdrawals') },
          { key: 'transfers', label: t('acc.tab.transfers') },
        ]}
        value={tab}
        onChange={setTab}
        right={
          funding ? (
            <span className="text-[11px] text-dim">
              {t('acc.account')}: 1 · {t('acc.mainAccount')} — {t('acc.gate.MAIN_ACCOUNT_ONLY')}
            </span>
          ) : (
            <span className="flex items-center gap-2 text-[11px] text-dim">
              {t('acc.account')}
              <AccountSelect
                profileId={profileId}
                value={accountSeq}
                onChange={setAccount}
                testId="assets-account"
              />
            </span>
          )
        }
      />
      {tab === 'balances' && <BalancesPanel profileId={profileId} accountSeq={accountSeq} />}
      {tab === 'deposits' && <DepositsPanel profileId={profileId} />}
      {tab === 'withdrawals' && <WithdrawalsPanel profileId={profileId} />}
      {tab === 'transfers' && (
        <TransfersPanel profileId={profileId} accountSeq={accountSeq} onAccountChange={setAccount} />
      )}
    </div>
  );
}
