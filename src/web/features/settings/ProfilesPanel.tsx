// Key profiles held by the proxy: use one here, make one the proxy's default, remove one, add one.
import { useState } from 'react';
import { Badge, Button, Dialog, EmptyState, ErrorState, Panel, Spinner } from '../../components/index.js';
import { useDeskPrefs } from '../../lib/deskState.js';
import { useT } from '../../lib/i18n.js';
import type { Profile } from '../../lib/session.js';
import { useActiveProfileId } from '../../lib/session.js';
import { usePrefs } from '../../store/prefs.js';
import { AddProfileForm } from './AddProfileForm.js';
import { useProfiles, useRemoveProfile, useSetDefaultProfile } from './queries.js';

export function ProfilesPanel() {
  const t = useT();
  const q = useProfiles();
  const activeId = useActiveProfileId();
  const setPrefs = usePrefs((s) => s.set);
  const presenter = useDeskPrefs((s) => s.presenter); // presenter mode: no key hints on screen
  const remove = useRemoveProfile();
  const setDefault = useSetDefaultProfile();
  const [confirm, setConfirm] = useState<Profile | null>(null);
  const error = remove.error ?? setDefault.error;

  return (
    <Panel title={t('acc.set.profiles')} testId="profiles">
      {q.isPending ? (
        <Spinner />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : q.data.profiles.length === 0 ? (
        <EmptyState>{t('acc.set.noProfiles')}</EmptyState>
      ) : (
        <ul className="divide-y divide-line/60">
          {q.data.profiles.map((p) => (
            <li
              key={p.id}
              className="flex items-center gap-2 px-3 py-2"
              data-testid="profile-row"
              data-profile={p.id}
            >
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="flex items-center gap-1.5 font-semibold">
                  {p.label}
                  {q.data.defaultProfileId === p.id && <Badge tone="accent">{t('acc.set.default')}</Badge>}
                  {activeId === p.id && <Badge tone="ok">{t('acc.set.inUse')}</Badge>}
                </span>
                <span className="num text-[11px] text-dim">
                  {p.type.toUpperCase()}
                  {presenter ? '' : ` · ${p.apiKeyHint}`}
                  {p.upstream ? ` · ${p.upstream}` : ''}
                </span>
              </div>
              <Badge tone={p.allowWithdrawals ? 'warn' : 'neutral'}>
                {p.allowWithdrawals ? t('acc.set.withdrawalsOn') : t('acc.set.withdrawalsOff')}
              </Badge>
              <Button
                size="xs"
                disabled={activeId === p.id}
                onClick={() => setPrefs({ profileId: p.id, accountSeq: 1 })}
              >
                {t('acc.set.use')}
              </Button>
              <Button
                size="xs"
                disabled={q.data.defaultProfileId === p.id || setDefault.isPending}
                onClick={() => setDefault.mutate(p.id)}
              >
                {t('acc.set.makeDefault')}
              </Button>
              <Button size="xs" variant="danger" onClick={() => setConfirm(p)}>
                {t('acc.set.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {error && <ErrorState compact error={error} />}
      <div className="border-t border-line">
        <h3 className="px-3 pt-3 text-[12px] font-semibold">{t('acc.set.add')}</h3>
        <AddProfileForm />
      </div>
      <Dialog
        open={confirm !== null}
        title={t('acc.set.remove')}
        onClose={() => setConfirm(null)}
        footer={
          <>
            <Button onClick={() => setConfirm(null)}>{t('common.cancel')}</Button>
            <Button
              variant="danger"
              onClick={() => {
                if (confirm) remove.mutate(confirm.id);
                setConfirm(null);
              }}
            >
              {t('acc.set.remove')}
            </Button>
          </>
        }
      >
        {confirm && t('acc.set.removeConfirm', { label: confirm.label })}
      </Dialog>
    </Panel>
  );
}
