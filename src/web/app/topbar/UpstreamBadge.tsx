import { useT } from '../../lib/i18n.js';
import { useSession } from '../../lib/session.js';

/** SANDBOX (calm, amber outline) vs LIVE (solid red, pulsing): impossible to confuse. */
export function UpstreamBadge() {
  const t = useT();
  const { data, error } = useSession();
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
