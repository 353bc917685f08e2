import { useQueryClient } from '@tanstack/react-query';
import { useDeskPrefs } from '../../lib/deskState.js';
import { useT } from '../../lib/i18n.js';
import { qk } from '../../lib/queryKeys.js';
import { useAccounts, useActiveProfile, useKeyInfo, useSession } from '../../lib/session.js';
import { usePrefs } from '../../store/prefs.js';

const selectCls =
  'h-7 rounded border border-line bg-panel2 px-1.5 text-[12px] text-fg outline-none focus:border-accent';

/** Key profile and account (accountSeq) selectors. */
export function AccountSelector() {
  const t = useT();
  const session = useSession();
  const profile = useActiveProfile();
  const keyInfo = useKeyInfo(profile?.id);
  const accounts = useAccounts();
  const accountSeq = usePrefs((s) => s.accountSeq);
  const set = usePrefs((s) => s.set);
  const qc = useQueryClient();
  const presenter = useDeskPrefs((s) => s.presenter); // presenter mode: no key hints or account numbers

  const options =
    accounts.data?.map((a) => ({ seq: a.accountSeq, name: a.accountName })) ??
    (keyInfo.data?.allowedAccountSeqs ?? [1]).map((seq) => ({ seq, name: '' }));

  return (
    <div className="flex items-center gap-1.5">
      {session.data && session.data.profiles.length > 0 && (
        <select
          aria-label={t('profile.label')}
          data-testid="profile-select"
          className={`${selectCls} w-[210px] max-[1279px]:w-[150px]`}
          title={
            profile && !presenter
              ? `${profile.label} · ${profile.type.toUpperCase()} · ${profile.apiKeyHint}`
              : undefined
          }
          value={profile?.id ?? ''}
          onChange={(e) => {
            set({ profileId: e.target.value, accountSeq: 1 });
            qc.invalidateQueries({ queryKey: qk.allPrivate() });
          }}
        >
          {session.data.profiles.map((p) => (
            <option key={p.id} value={p.id}>
              {presenter ? p.label : `${p.label} · ${p.apiKeyHint}`}
            </option>
          ))}
        </select>
      )}
      <select
        aria-label={t('account.label')}
        data-testid="account-select"
        className={`${selectCls} w-[130px] max-[1279px]:w-[104px]`}
        value={accountSeq}
        onChange={(e) => set({ accountSeq: Number(e.target.value) })}
      >
        {options.map((o) => (
          <option key={o.seq} value={o.seq}>
            {presenter ? '' : `#${o.seq} `}
            {o.name || (o.seq === 1 ? t('account.main') : t('account.sub'))}
          </option>
        ))}
        {!options.some((o) => o.seq === accountSeq) && <option value={accountSeq}>#{accountSeq}</option>}
      </select>
    </div>
  );
}
