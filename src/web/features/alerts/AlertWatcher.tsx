// Mounted once for the whole app (renders the alert dialog): learns of firings by polling the proxy every
// 2 s, tells them (toast, sound, notification), shows on open what fired while no tab was open, and draws
// each active level alert on the chart as a line that drags to a new price.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { type ExtraPriceLine, useChartLines } from '../../lib/chart/chartLines.js';
import { formatNumber } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { qk } from '../../lib/queryKeys.js';
import { useSession } from '../../lib/session.js';
import { pushErrorToast, pushToast } from '../../store/toasts.js';
import { AlertContextMenu } from './AlertContextMenu.js';
import { AlertDialog } from './AlertDialog.js';
import { ackEvents, editAlert, fetchAlerts, fetchEvents, useAlerts } from './api.js';
import { deliverAlerts } from './deliver.js';
import { lineTitle } from './describe.js';

export const POLL_MS = 2000;

function usePolling(enabled: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let cursor: number | null = null;
    let busy = false;
    let stopped = false;
    const tick = async () => {
      if (busy || stopped) return;
      busy = true;
      try {
        if (cursor === null) {
          // first look: what fired while no tab was open is shown once, then marked seen
          const list = await fetchAlerts();
          if (stopped) return;
          qc.setQueryData(qk.alerts(), list);
          if (list.unseen.length) {
            deliverAlerts(list.unseen, true);
            await ackEvents({ upTo: Math.max(...list.unseen.map((e) => e.id)) });
          }
          cursor = list.lastEventId;
        } else {
          const r = await fetchEvents(cursor);
          if (stopped) return;
          if (r.events.length) {
            deliverAlerts(r.events);
            void ackEvents({ ids: r.events.map((e) => e.id) }).catch(() => {});
            void qc.invalidateQueries({ queryKey: qk.alerts() });
          }
          // a smaller last id means the proxy's store was replaced: start over (shows its unseen ones)
          cursor = r.lastEventId < cursor ? null : r.lastEventId;
        }
      } catch {
        /* proxy away or session not ready: the next tick tries again */
      } finally {
        busy = false;
      }
    };
    void tick();
    const timer = setInterval(() => void tick(), POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [enabled, qc]);
}

function AlertLines() {
  const t = useT();
  const qc = useQueryClient();
  const q = useAlerts();
  const lines = useMemo<ExtraPriceLine[]>(
    () =>
      (q.data?.alerts ?? []).flatMap((a) => {
        const c = a.condition;
        const title = lineTitle(t, c);
        if (a.status !== 'active' || c.type === 'move' || !title) return [];
        return [
          {
            id: a.id,
            symbol: a.symbol,
            price: c.level,
            title,
            tone: 'warn' as const,
            style: 'dashed' as const,
            onDrag: (price: string) => {
              editAlert(a.id, { condition: { type: c.type, level: price } })
                .then(() => pushToast({ tone: 'ok', title: t('alerts.moved', { v: formatNumber(price) }) }))
                .catch((e: unknown) => pushErrorToast(t('alerts.failed'), e))
                .finally(() => void qc.invalidateQueries({ queryKey: qk.alerts() }));
            },
          },
        ];
      }),
    [q.data, t, qc],
  );
  useChartLines('alerts', lines);
  return null;
}

export function AlertWatcher() {
  const session = useSession();
  const ready = session.isSuccess;
  usePolling(ready);
  return (
    <>
      {ready && <AlertLines />}
      <AlertDialog />
      <AlertContextMenu />
    </>
  );
}
