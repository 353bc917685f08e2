// #/account: the current key, accounts, fee policy, currencies and networks, notices, market alerts.
import { AccountsPanel } from '../features/account-info/AccountsPanel.js';
import { AlertsPanel } from '../features/account-info/AlertsPanel.js';
import { CurrenciesPanel } from '../features/account-info/CurrenciesPanel.js';
import { FeePolicyPanel } from '../features/account-info/FeePolicyPanel.js';
import { KeyInfoPanel } from '../features/account-info/KeyInfoPanel.js';
import { NoticesPanel } from '../features/account-info/NoticesPanel.js';

export function AccountPage() {
  return (
    <div className="h-full min-h-0 overflow-auto bg-bg p-2" data-testid="account-page">
      <div className="grid grid-cols-[minmax(480px,1fr)_minmax(360px,0.8fr)_minmax(360px,0.8fr)] gap-2">
        <KeyInfoPanel />
        <div className="flex flex-col gap-2">
          <AccountsPanel />
          <FeePolicyPanel />
        </div>
        <div className="flex flex-col gap-2">
          <NoticesPanel />
          <AlertsPanel />
        </div>
        <div className="col-span-3">
          <CurrenciesPanel />
        </div>
      </div>
    </div>
  );
}
