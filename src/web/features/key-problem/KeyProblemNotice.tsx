// The exchange refuses the active profile's key: told in place, with the code, a one-sentence fix,
// the connection doctor and a Retry (POST /api/profiles/:id/retry). 'banner' sits under the top bar
// on every page; 'panel' inside the views that live on the private stream (balances, open orders),
// where it replaces "reconnecting". Same palette as the freshness marks (lib/live/StaleMark), with a
// steady dot: nothing is being retried until the key changes or Retry is pressed.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../core/errors.js';
import { isKeyProblemCode } from '../../../core/streamRefusal.js';
import { errorSentence } from '../../lib/errorText.js';
import { useTimeFormat } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { retryKey, useProfileKeyProblem } from '../../lib/live/keyProblem.js';
import { useActiveProfile, useSession } from '../../lib/session.js';
import { usePrefs } from '../../store/prefs.js';

/** The i18n key of the one-sentence fix for a code. */
export function fixKey(code: string): string {
  return `keyProblem.fix.${isKeyProblemCode(code) ? code : 'other'}`;
}

/**
 * `profileId` defaults to the active profile. The panel variant shows only while the private stream is
 * stopped over the key (a refused REST call alone is the banner's to tell).
 */
export function KeyProblemNotice({
  variant,
  profileId,
}: {
  variant: 'banner' | 'panel';
  profileId?: string | null;
}) {
  const t = useT();
  const tf = useTimeFormat();
  const lang = usePrefs((s) => s.language);
  const active = useActiveProfile();
  const session = useSession();
  const profile =
    profileId === undefined ? active : (session.data?.profiles.find((p) => p.id === profileId) ?? null);
  const problem = useProfileKeyProblem(profile?.id ?? null);
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const code = problem?.code ?? null;
  const since = problem?.since ?? null;
  const toldAt = problem?.toldAt ?? null;
  // a retry is over when the proxy tells anything new (refused again, or accepted)
  useEffect(() => {
    if (!busy) return;
    const id = setTimeout(() => setBusy(false), 8000);
    return () => clearTimeout(id);
  }, [busy]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run on each new word from the proxy
  useEffect(() => setBusy(false), [code, since, toldAt]);
  if (!problem || !profile || (variant === 'panel' && !problem.stopped)) return null;

  const retry = () => {
    setBusy(true);
    setFailed(null);
    retryKey(profile.id, qc).catch((e: unknown) => {
      setBusy(false);
      const err = e instanceof ApiError ? errorSentence(lang, e.code, e.description) : String(e);
      setFailed(t('keyProblem.retryFailed', { error: err }));
    });
  };
  const time = since ? tf.time(since) : '—';
  const what = t(problem.stopped ? 'keyProblem.stopped' : 'keyProblem.stoppedRest', {
    profile: profile.label,
    time,
  });
  const banner = variant === 'banner';
  return (
    <div
      role="alert"
      data-testid={banner ? 'key-problem-banner' : 'key-problem-notice'}
      data-code={problem.code}
      className={
        banner
          ? 'flex shrink-0 items-start gap-3 border-b border-warn/60 bg-warn/10 px-3 py-2 text-[12px]'
          : 'm-2 flex items-start gap-2 rounded border border-warn/60 bg-warn/10 px-2.5 py-2 text-[12px]'
      }
    >
      <span className="mt-1.5 inline-block h-1.5 w-1.5 shrink-0 rounded-full bg-warn" />
      <div className="min-w-0 flex-1">
        <div className="font-semibold text-warn">
          {t('keyProblem.title', { code: problem.code })}
          <span className="num ml-2 font-normal text-dim">{banner ? what : t('live.since', { time })}</span>
        </div>
        <div className="mt-0.5 text-fg" data-testid="key-problem-fix">
          {t(fixKey(problem.code))}
        </div>
        {failed && <div className="mt-0.5 text-danger">{failed}</div>}
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <a
          href="#/settings"
          className="text-[11px] text-accent underline-offset-2 hover:underline"
          data-testid="key-problem-doctor"
        >
          {t('keyProblem.doctor')}
        </a>
        <button
          type="button"
          onClick={retry}
          disabled={busy}
          data-testid="key-problem-retry"
          className="h-6 rounded border border-warn/60 bg-panel px-2 text-[11px] font-medium text-fg hover:border-warn disabled:opacity-50"
        >
          {busy ? t('keyProblem.retrying') : t('keyProblem.retry')}
        </button>
      </div>
    </div>
  );
}
