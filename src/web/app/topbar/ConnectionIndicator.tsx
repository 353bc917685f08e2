import { useEffect, useState } from 'react';
import { useT } from '../../lib/i18n.js';
import { useActiveProfileId, useSession } from '../../lib/session.js';
import { privateStream, publicStream, type StreamStatus, useStreamStatus } from '../../lib/ws.js';

const DOT: Record<StreamStatus, string> = {
  open: 'bg-emerald-500',
  connecting: 'bg-warn animate-pulse',
  interrupted: 'bg-warn animate-pulse',
  // 'closed' only when no view subscribes (a dropped socket is 'interrupted' and reconnects).
  closed: 'bg-dim',
};

/** Public stream state, delivery latency (refreshed each second) and the proxy's clock offset. */
export function ConnectionIndicator() {
  const t = useT();
  const status = useStreamStatus(publicStream);
  const profileId = useActiveProfileId();
  const priv = useStreamStatus(profileId ? privateStream(profileId) : null);
  const session = useSession();
  const [latency, setLatency] = useState<number | null>(null);
  useEffect(() => {
    const id = setInterval(() => setLatency(publicStream.latencyMs), 1000);
    return () => clearInterval(id);
  }, []);
  const offset = session.data?.clockOffsetMs;
  return (
    <div
      className="flex items-center gap-3 text-[11px] whitespace-nowrap text-dim max-[1279px]:gap-2"
      data-testid="connection"
    >
      <span
        className="flex min-w-[72px] items-center gap-1.5"
        data-testid="conn-status"
        data-status={status}
        title={status === 'closed' ? t('conn.closedHint') : undefined}
      >
        <span className={`inline-block h-2 w-2 rounded-full ${DOT[status]}`} />
        <span className={status === 'open' ? 'text-fg' : status === 'closed' ? 'text-dim' : 'text-warn'}>
          {t(`conn.${status}`)}
        </span>
      </span>
      {priv !== 'closed' && (
        <span
          className="flex items-center gap-1"
          title={t('conn.private')}
          data-testid="conn-private"
          data-status={priv}
        >
          <span className={`inline-block h-1.5 w-1.5 rounded-full ${DOT[priv]}`} />
          {t('conn.privateShort')}
        </span>
      )}
      <span title={t('conn.latency')} className="num w-14">
        {latency === null || status !== 'open' ? '— ms' : `${Math.round(latency)} ms`}
      </span>
      {/* the clock offset is a diagnostic: below 1280 px the top bar keeps its room for the controls */}
      <span title={t('conn.clockOffset')} className="num max-[1279px]:hidden">
        Δt {offset === undefined ? '—' : `${offset > 0 ? '+' : ''}${Math.round(offset)} ms`}
      </span>
    </div>
  );
}
