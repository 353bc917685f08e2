import { lazy, Suspense } from 'react';
import { useT } from '../../lib/i18n.js';
import { useSession } from '../../lib/session.js';
import { usePaperSourceProblem } from './PaperChrome.js';

const PaperFrame = lazy(() => import('./PaperFrame.js').then((m) => ({ default: m.PaperFrame })));

/**
 * SANDBOX (calm, amber outline) vs LIVE (solid red, pulsing) vs PAPER (solid violet, with a violet
 * frame around the app and the title marked): impossible to confuse.
 */
export function UpstreamBadge() {
  const t = useT();
  const { data, error } = useSession();
  const paper = data?.upstream.name === 'paper';
  const problem = usePaperSourceProblem(paper);
  if (error)
    return (
      <span
        className="rounded bg-danger px-2 py-0.5 text-[11px] font-bold text-white"
        title={t('session.error')}
      >
        NO SESSION
      </span>
    );
  if (!data) return null;
  if (paper)
    return (
      <>
        <Suspense fallback={null}>
          <PaperFrame />
        </Suspense>
        <span
          data-testid="upstream-badge"
          data-paper-source={problem ? problem.code : 'ok'}
          title={`${t('upstream.paperTitle')} · ${data.upstream.restUrl}${problem ? `\n${problem.code}: ${problem.sentence}` : ''}`}
          className="shrink-0 whitespace-nowrap rounded bg-[#a855f7] px-2.5 py-0.5 text-[12px] font-extrabold tracking-wider text-white"
        >
          {t('upstream.paper')}
          {problem ? (
            <span className="ml-1.5 rounded bg-danger px-1 text-[11px]">{t('upstream.paperSourceDown')}</span>
          ) : null}
        </span>
        {problem ? (
          <span
            data-testid="paper-source-problem"
            className="min-w-0 max-w-[200px] truncate text-[11px] text-danger"
            title={`${problem.code}: ${problem.sentence}`}
          >
            {problem.sentence}
          </span>
        ) : null}
      </>
    );
  const live = data.upstream.live;
  return (
    <span
      data-testid="upstream-badge"
      title={`${data.upstream.name} · ${data.upstream.restUrl}`}
      className={
        live
          ? 'animate-pulse rounded bg-danger px-2.5 py-0.5 text-[12px] font-extrabold tracking-wider text-white ring-2 ring-danger/40'
          : 'rounded border border-warn px-2 py-0.5 text-[11px] font-bold tracking-wider text-warn'
      }
    >
      {live ? `● ${t('upstream.live')}` : t('upstream.sandbox')}
      {!live && data.upstream.name !== 'sandbox' ? ` · ${data.upstream.name}` : ''}
    </span>
  );
}
