import type { ReactNode } from 'react';
import { ApiError } from '../../core/errors.js';
import { ErrorState } from '../components/ErrorState.js';
import { Spinner } from '../components/Spinner.js';
import { useT } from '../lib/i18n.js';
import { useSession } from '../lib/session.js';

/** Without a proxy session nothing works: say so plainly instead of showing a screen full of errors. */
export function SessionGate({ children }: { children: ReactNode }) {
  const t = useT();
  const s = useSession();
  if (s.error && !s.data) {
    const unauthorized =
      s.error instanceof ApiError && (s.error.status === 401 || s.error.code === 'UNAUTHORIZED_SESSION');
    return (
      <div
        className="flex h-full flex-col items-center justify-center gap-3 p-8 text-center"
        data-testid="session-gate"
      >
        <h1 className="text-[16px] font-semibold">
          {t(unauthorized ? 'session.noSession' : 'session.error')}
        </h1>
        <p className="max-w-[520px] text-dim">{t('session.howTo')}</p>
        <ErrorState error={s.error} compact onRetry={() => s.refetch()} retryLabel={t('common.retry')} />
      </div>
    );
  }
  if (!s.data) return <Spinner />;
  return <>{children}</>;
}
