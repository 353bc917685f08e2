// Account scope: every account together, or one account (profileId:accountSeq) as the ledger knows them.
import { useT } from '../../lib/i18n.js';
import { useSession } from '../../lib/session.js';
import { accountKey, type LedgerAccountStatus } from './api.js';
import { usePnlView } from './viewState.js';

export function ScopeSelect(props: { accounts: readonly LedgerAccountStatus[] }) {
  const t = useT();
  const scope = usePnlView((s) => s.scope);
  const set = usePnlView((s) => s.set);
  const session = useSession();
  const label = (id: string) => session.data?.profiles.find((p) => p.id === id)?.label ?? id;
  return (
    <label className="flex items-center gap-1.5 text-[11px] text-dim">
      {t('pnl.scope')}
      <select
        className="h-6 max-w-[220px] rounded border border-line bg-panel2 px-1.5 text-[11px] text-fg"
        value={scope}
        onChange={(e) => set({ scope: e.target.value })}
        data-testid="pnl-scope"
      >
        <option value="all">{t('pnl.scope.all')}</option>
        {props.accounts.map((a) => (
          <option key={accountKey(a)} value={accountKey(a)}>
            {label(a.profileId)} · {t('pnl.scope')} {a.accountSeq}
          </option>
        ))}
      </select>
    </label>
  );
}
