// Which exchange the proxy talks to (chosen when the proxy starts).
import { Badge, DetailRows, ErrorState, Panel, Spinner } from '../../components/index.js';
import { useT } from '../../lib/i18n.js';
import { useSession } from '../../lib/session.js';

export function UpstreamPanel() {
  const t = useT();
  const s = useSession();
  return (
    <Panel title={t('acc.set.upstream')} testId="upstream">
      {s.isPending ? (
        <Spinner />
      ) : s.isError ? (
        <ErrorState error={s.error} />
      ) : (
        <div className="flex flex-col gap-2 p-3">
          <DetailRows
            rows={[
              [
                t('acc.set.upstream'),
                <span key="u" className="flex items-center gap-2">
                  <Badge tone={s.data.upstream.live ? 'danger' : 'accent'}>
                    {s.data.upstream.live
                      ? t('upstream.live')
                      : s.data.upstream.name === 'paper'
                        ? t('upstream.paper')
                        : t('upstream.sandbox')}
                  </Badge>
                  {s.data.upstream.name}
                </span>,
              ],
              ['REST', s.data.upstream.restUrl],
              ['recvWindow', `${s.data.recvWindow} ms`],
              [t('conn.clockOffset'), `${s.data.clockOffsetMs} ms`],
            ]}
          />
          <p className="text-[11px] text-dim">{t('acc.set.upstreamNote')}</p>
        </div>
      )}
    </Panel>
  );
}
