// Exchange notices (the 20 newest).
import { EmptyState, ErrorState, Panel, Spinner } from '../../components/index.js';
import { useTimeFormat } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { useNotices } from '../../lib/referenceData.js';

export function NoticesPanel() {
  const t = useT();
  const tf = useTimeFormat();
  const q = useNotices();
  return (
    <Panel title={t('acc.notices.title')} testId="notices">
      {q.isPending ? (
        <Spinner />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : q.data.length === 0 ? (
        <EmptyState>{t('acc.notices.none')}</EmptyState>
      ) : (
        <ul className="divide-y divide-line/60">
          {q.data.map((n) => (
            <li key={`${n.createdAt}:${n.title}`} className="flex items-center gap-3 px-2 py-1.5">
              <span className="num shrink-0 text-dim">{tf.short(n.createdAt)}</span>
              <a
                className="truncate hover:text-accent hover:underline"
                title={n.title}
                href={/^https?:\/\//.test(n.url) ? n.url : undefined}
                target="_blank"
                rel="noreferrer noopener"
              >
                {n.title}
              </a>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
