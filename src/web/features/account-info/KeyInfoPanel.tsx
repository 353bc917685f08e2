// The current key: type, status, permissions, allowed accounts, IP whitelist, expiry (warning < 30 days).

import { PERMISSIONS } from '../../../core/permissions.js';
import { Badge, DetailRows, ErrorState, Panel, Spinner } from '../../components/index.js';
import { useDeskPrefs } from '../../lib/deskState.js';
import { useTimeFormat } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { useActiveProfile, useKeyInfo } from '../../lib/session.js';
import { statusLabel } from '../../lib/statusLabel.js';
import { expiryState } from './expiry.js';

export function KeyInfoPanel() {
  const t = useT();
  const tf = useTimeFormat();
  const profile = useActiveProfile();
  const presenter = useDeskPrefs((s) => s.presenter); // presenter mode: no key hint on screen
  const q = useKeyInfo(profile?.id);
  const k = q.data;
  const exp = k ? expiryState(k.expiration, Date.now()) : null;
  return (
    <Panel title={`${t('acc.key.title')} · ${profile?.label ?? '-'}`} testId="key-info">
      {!profile ? (
        <p className="p-3 text-warn">{t('acc.gate.NO_PROFILE')}</p>
      ) : q.isPending ? (
        <Spinner />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : k ? (
        <div className="flex flex-col gap-3 p-3">
          {exp?.warn && (
            <p
              className="rounded border border-warn/60 bg-warn/10 p-2 text-warn"
              data-testid="expiry-warning"
            >
              ⚠ {t('acc.key.expiryWarn', { days: exp.daysLeft })}
            </p>
          )}
          <DetailRows
            rows={[
              [t('acc.set.apiKey'), presenter ? '-' : profile.apiKeyHint],
              [t('acc.key.label'), k.label ?? '-'],
              [t('acc.key.type'), k.type.toUpperCase()],
              [
                t('acc.key.status'),
                <Badge key="s" tone={k.status === 'activated' ? 'ok' : 'danger'} title={k.status}>
                  {statusLabel(t, k.status)}
                </Badge>,
              ],
              [t('acc.key.allowedAccounts'), k.allowedAccountSeqs.map((s) => `#${s}`).join(', ') || '-'],
              [
                t('acc.key.whitelist'),
                k.whitelist ? k.whitelist.split(',').join(', ') : t('acc.key.noWhitelist'),
              ],
              [
                t('acc.key.expiration'),
                exp ? (
                  <span key="e" className={exp.expired ? 'text-danger' : exp.warn ? 'text-warn' : ''}>
                    {tf.dateTime(k.expiration ?? null)} ·{' '}
                    {exp.expired ? t('acc.key.expired') : t('acc.key.expiresIn', { days: exp.daysLeft })}
                  </span>
                ) : (
                  '-'
                ),
              ],
              [t('acc.key.created'), tf.dateTime(k.createdAt ?? null)],
            ]}
          />
          <div>
            <div className="mb-1 text-[11px] text-dim">{t('acc.key.permissions')}</div>
            <ul className="grid grid-cols-3 gap-1" data-testid="key-permissions">
              {PERMISSIONS.map((p) => {
                const has = k.permissions.includes(p);
                return (
                  <li
                    key={p}
                    data-permission={p}
                    data-granted={has}
                    className={`flex items-center gap-1.5 rounded border px-2 py-1 ${has ? 'border-emerald-500/40 text-fg' : 'border-line text-dim line-through'}`}
                  >
                    <span className={has ? 'text-emerald-500' : 'text-dim'}>{has ? '✓' : '✕'}</span>
                    {t(`acc.perm.${p}`)}
                  </li>
                );
              })}
            </ul>
          </div>
        </div>
      ) : null}
    </Panel>
  );
}
