// The freshness mark every panel shows in its header: a green LIVE dot while current; otherwise
// "stale since 10:31:05" or "reconnecting · since 10:31:05" in place. Dim the panel body with
// `dimClass(f)` so old numbers never look current.
import { useTimeFormat } from '../format.js';
import { useT } from '../i18n.js';
import { type Freshness, isDimmed } from './freshness.js';

export function dimClass(f: Freshness): string {
  return isDimmed(f) ? 'opacity-45 saturate-50 transition-opacity' : 'transition-opacity';
}

export function StaleMark({ f, testId = 'stale-mark' }: { f: Freshness; testId?: string }) {
  const t = useT();
  const tf = useTimeFormat();
  if (f.state === 'loading') return <span data-testid={testId} data-fresh="loading" className="w-0" />;
  if (f.state === 'live') {
    return (
      <span
        data-testid={testId}
        data-fresh="live"
        title={t('live.liveHint')}
        className="inline-flex shrink-0 items-center gap-1 text-[10px] font-semibold text-emerald-500"
      >
        <span className="inline-block h-1.5 w-1.5 rounded-full bg-emerald-500" />
        {t('live.live')}
      </span>
    );
  }
  // a refused key names its code (the panel's KeyProblemNotice says how to fix it)
  const label =
    f.reason === 'key' && f.code
      ? `${t('live.reason.key')} · ${f.code}`
      : t(`live.reason.${f.reason ?? 'age'}`);
  const since = f.since ? t('live.since', { time: tf.time(f.since) }) : '';
  return (
    <span
      data-testid={testId}
      data-fresh={f.state}
      data-reason={f.reason ?? ''}
      role="status"
      title={`${label} ${since}`.trim()}
      className="inline-flex h-5 max-w-[240px] shrink-0 items-center gap-1 truncate rounded border border-warn/60 bg-warn/10 px-1.5 text-[10px] font-semibold whitespace-nowrap text-warn"
    >
      {f.state === 'down' && <span className="inline-block h-1.5 w-1.5 animate-pulse rounded-full bg-warn" />}
      {label}
      {since && <span className="num font-normal">{since}</span>}
    </span>
  );
}
