import { type ReactNode, useEffect, useRef } from 'react';
import { ApiError } from '../../core/errors.js';
import { ErrorState } from '../components/ErrorState.js';
import { Spinner } from '../components/Spinner.js';
import { proxyGet } from '../lib/api.js';
import { useTimeFormat } from '../lib/format.js';
import { useT } from '../lib/i18n.js';
import { useHealth } from '../lib/live/health.js';
import { useSessionWatch } from '../lib/live/useSessionWatch.js';
import { useSession } from '../lib/session.js';

/** Full screen, above the top bar: a tab without a working session shows nothing that looks usable. */
function FullScreen({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <div
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 bg-bg p-8 text-center text-fg"
      data-testid={testId}
      role="alert"
    >
      <span className="font-bold tracking-tight">
        KAPI<span className="text-accent">·</span>
      </span>
      {children}
    </div>
  );
}

/** Without a proxy session nothing works: say so plainly instead of showing a screen full of errors. */
export function SessionGate({ children }: { children: ReactNode }) {
  const t = useT();
  const tf = useTimeFormat();
  const s = useSession();
  const health = useHealth();
  useSessionWatch();
  if (health.proxy === 'ended') {
    return (
      <FullScreen testId="session-ended">
        <h1 className="text-[18px] font-semibold">{t('live.ended.title')}</h1>
        <p className="max-w-[560px] text-dim">{t('live.ended.body')}</p>
        <p className="max-w-[560px] font-mono text-[11px] text-dim">{t('live.ended.hint')}</p>
        <RetryButton label={t('live.ended.reload')} />
      </FullScreen>
    );
  }
  if (s.error && !s.data) {
    const unauthorized =
      s.error instanceof ApiError && (s.error.status === 401 || s.error.code === 'UNAUTHORIZED_SESSION');
    return (
      <FullScreen testId="session-gate">
        <h1 className="text-[16px] font-semibold">
          {t(unauthorized ? 'session.noSession' : 'session.error')}
        </h1>
        <p className="max-w-[520px] text-dim">{t('session.howTo')}</p>
        <ErrorState error={s.error} compact onRetry={() => s.refetch()} retryLabel={t('common.retry')} />
      </FullScreen>
    );
  }
  if (!s.data) return <Spinner />;
  return (
    <>
      {children}
      {health.proxy === 'unreachable' && (
        <div
          className="pointer-events-none fixed inset-x-0 bottom-3 z-40 flex justify-center"
          data-testid="proxy-down"
          role="status"
        >
          <span className="rounded border border-warn/60 bg-panel px-3 py-1.5 text-[12px] font-semibold text-warn shadow-lg">
            {t('live.proxyDown', { time: tf.time(health.since) })}
          </span>
        </div>
      )}
    </>
  );
}

/** The session-ended page's one action; focused on mount so Enter retries at once. */
function RetryButton({ label }: { label: string }) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <button
      ref={ref}
      type="button"
      className="rounded border border-line bg-panel2 px-3 py-1 text-[12px] hover:border-accent"
      onClick={() => void proxyGet('/session').catch(() => {})}
    >
      {label}
    </button>
  );
}
