// Settings › connection doctor: reachability, clock, IP whitelist, key status/expiry/permissions,
// allowed accounts, rate-limit headroom and the public stream, each ok / warning / problem with the fix.

import type { CheckStatus } from '../../../core/proxyApi/doctor.js';
import { Button, ErrorState, Panel, Spinner } from '../../components/index.js';
import { useTimeFormat } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { useActiveProfile } from '../../lib/session.js';
import { usePrefs } from '../../store/prefs.js';
import { useDoctor } from './doctor.js';

const MARK: Record<CheckStatus, { icon: string; cls: string }> = {
  ok: { icon: '✓', cls: 'text-emerald-500' },
  warn: { icon: '!', cls: 'text-amber-500' },
  problem: { icon: '✕', cls: 'text-danger' },
};

export function DoctorPanel() {
  const t = useT();
  const lang = usePrefs((s) => s.language);
  const profile = useActiveProfile();
  const q = useDoctor(profile?.id ?? null);
  const tf = useTimeFormat();
  const time = q.data ? tf.time(q.data.checkedAt) : '';
  return (
    <Panel
      title={t('doctor.title')}
      testId="doctor"
      actions={
        <Button size="xs" onClick={() => void q.refetch()} disabled={q.isFetching} data-testid="doctor-run">
          {q.isFetching ? t('doctor.running') : t('doctor.run')}
        </Button>
      }
    >
      {q.isPending ? (
        <div className="p-3">
          <Spinner />
        </div>
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <div className={`flex flex-col gap-1 p-3 text-[12px] ${q.isFetching ? 'opacity-60' : ''}`}>
          <p className="text-[11px] text-dim" data-testid="doctor-summary" data-status={q.data.status}>
            {t(`doctor.summary.${q.data.status}`)} · {q.data.profile?.label ?? t('doctor.noProfile')} ·{' '}
            {q.data.upstream.name} · {t('doctor.checkedAt', { time })}
          </p>
          <ul className="flex flex-col divide-y divide-line">
            {q.data.lines.map((l) => (
              <li
                key={l.id}
                className="grid grid-cols-[16px_130px_1fr] gap-x-2 py-1"
                data-testid={`doctor-${l.id}`}
                data-status={l.status}
              >
                <span
                  className={`font-bold ${MARK[l.status].cls}`}
                  role="img"
                  aria-label={t(`doctor.status.${l.status}`)}
                >
                  {MARK[l.status].icon}
                </span>
                <span className="text-dim">{l.title[lang]}</span>
                <span className="min-w-0 break-words text-fg">{l.detail[lang]}</span>
                {l.fix && <span className="col-start-3 text-[11px] text-amber-500">→ {l.fix[lang]}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </Panel>
  );
}
