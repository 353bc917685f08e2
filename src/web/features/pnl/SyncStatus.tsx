// The ledger's state in the page header: how far back it reaches, syncing or the last sync, the last
// error with its code, gaps touching the period, and a Sync-now button.
import { Button } from '../../components/index.js';
import { useTimeFormat } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { useSyncLedger } from './api.js';
import type { SyncSummary } from './syncSummary.js';

export function SyncStatus(props: { s: SyncSummary | null }) {
  const t = useT();
  const tf = useTimeFormat();
  const sync = useSyncLedger();
  const s = props.s;
  return (
    <div
      className="flex min-w-0 items-center gap-2 text-[11px] text-dim"
      data-testid="pnl-sync"
      data-syncing={s?.syncing ? '1' : '0'}
    >
      {s && (
        <>
          <span className="num whitespace-nowrap" data-testid="pnl-reach">
            {s.reachesBack !== null
              ? t('pnl.sync.reach', { time: tf.short(s.reachesBack) })
              : t('pnl.sync.never')}
          </span>
          {s.syncing ? (
            <span className="inline-flex items-center gap-1 text-accent">
              <span className="inline-block h-2.5 w-2.5 animate-spin rounded-full border-2 border-accent border-t-transparent" />
              {t('pnl.sync.syncing')}
            </span>
          ) : (
            s.lastSyncAt !== null && (
              <span className="num whitespace-nowrap">
                {t('pnl.sync.last', { time: tf.time(s.lastSyncAt) })}
              </span>
            )
          )}
          {s.gaps.length > 0 && (
            <span
              className="rounded bg-warn/15 px-1 text-warn"
              title={s.gaps
                .map(
                  (g) =>
                    `${tf.short(g.from)} ~ ${tf.short(g.to)} · ${t(`pnl.gap.${g.reason}`)} · ${g.lists.map((l) => t(`pnl.list.${l}`)).join(', ')}`,
                )
                .join('\n')}
              data-testid="pnl-gaps"
            >
              {t('pnl.sync.gaps', { n: s.gaps.length })}
            </span>
          )}
          {s.lastError && (
            <span
              className="truncate text-danger"
              title={tf.dateTime(s.lastError.at)}
              data-testid="pnl-sync-error"
            >
              {t('pnl.sync.error')} <code className="text-[10px]">{s.lastError.code}</code>
            </span>
          )}
        </>
      )}
      <Button
        size="xs"
        variant="ghost"
        onClick={() => sync.mutate(undefined)}
        disabled={sync.isPending || s?.syncing}
        data-testid="pnl-sync-now"
      >
        ↻ {t('pnl.sync.now')}
      </Button>
    </div>
  );
}
