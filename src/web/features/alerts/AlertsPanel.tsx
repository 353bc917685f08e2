// The one place alerts are managed: every alert the proxy holds, its state and firings; turn on/off, edit, delete.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '../../components/Badge.js';
import { Button } from '../../components/Button.js';
import { EmptyState } from '../../components/EmptyState.js';
import { ErrorState } from '../../components/ErrorState.js';
import { Spinner } from '../../components/Spinner.js';
import { formatNumber, useTimeFormat } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { useTicker } from '../../lib/market/useMarket.js';
import { qk } from '../../lib/queryKeys.js';
import { usePrefs } from '../../store/prefs.js';
import { pushErrorToast, pushToast } from '../../store/toasts.js';
import { AlertPrefs } from './AlertPrefs.js';
import { type AlertView, editAlert, removeAlert, useAlerts } from './api.js';
import { describeCondition } from './describe.js';
import { newLevelDraft, useAlertDialog } from './dialogStore.js';
import { marketLabel } from './pairName.js';

const TONE = { active: 'accent', triggered: 'warn', disabled: 'neutral' } as const;

/** Bottom-panel tab (and usable anywhere): the alert list with its actions. */
export function AlertsPanel({ symbol }: { symbol: string }) {
  const t = useT();
  const q = useAlerts();
  const open = useAlertDialog((s) => s.open);
  const last = useTicker(symbol)?.close;
  const down = q.data?.engine.feed === 'down';
  const rows = q.data?.alerts ?? [];
  return (
    <div className="flex h-full flex-col" data-testid="alerts-panel">
      <div className="flex h-8 shrink-0 items-center gap-2 border-b border-line px-2 text-[11px]">
        <Button
          size="xs"
          variant="primary"
          data-testid="alerts-new"
          onClick={() => open(newLevelDraft(symbol, last ?? '', 'above'))}
        >
          + {t('alerts.new')}
        </Button>
        {down && (
          <span className="truncate text-warn" data-testid="alerts-engine-down">
            {t('alerts.engine.down')}
          </span>
        )}
        <span className="ml-auto">
          <AlertPrefs compact />
        </span>
      </div>
      {q.isLoading ? (
        <Spinner />
      ) : q.error ? (
        <ErrorState error={q.error} onRetry={() => q.refetch()} retryLabel={t('common.retry')} />
      ) : rows.length === 0 ? (
        <EmptyState testId="alerts-empty">{t('alerts.empty')}</EmptyState>
      ) : (
        <div className="min-h-0 flex-1 overflow-auto">
          <table className="w-full text-[12px]">
            <thead className="sticky top-0 bg-panel text-left text-[11px] text-dim">
              <tr>
                <th className="px-2 py-1 font-normal">{t('alerts.col.pair')}</th>
                <th className="px-2 py-1 font-normal">{t('alerts.col.condition')}</th>
                <th className="px-2 py-1 font-normal">{t('alerts.col.status')}</th>
                <th className="px-2 py-1 text-right font-normal">{t('alerts.col.fired')}</th>
                <th className="px-2 py-1 font-normal">{t('alerts.col.last')}</th>
                <th className="px-2 py-1 text-right font-normal">{t('alerts.col.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((a) => (
                <AlertRow key={a.id} a={a} current={a.symbol === symbol} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function AlertRow({ a, current }: { a: AlertView; current: boolean }) {
  const t = useT();
  const tf = useTimeFormat();
  const lang = usePrefs((s) => s.language);
  const qc = useQueryClient();
  const open = useAlertDialog((s) => s.open);
  const [confirming, setConfirming] = useState(false);
  const run = async (job: () => Promise<unknown>, okTitle: string) => {
    try {
      await job();
      pushToast({ tone: 'ok', title: okTitle });
    } catch (e) {
      pushErrorToast(t('alerts.failed'), e);
    }
    void qc.invalidateQueries({ queryKey: qk.alerts() });
  };
  const on = a.status === 'active';
  return (
    <tr
      className={`border-t border-line/60 ${current ? '' : 'opacity-80'}`}
      data-testid={`alert-row-${a.id}`}
      data-status={a.status}
    >
      <td className="px-2 py-1 whitespace-nowrap">{marketLabel(a.symbol, lang)}</td>
      <td className="px-2 py-1">
        <span
          className={
            a.condition.type === 'above' ? 'text-up' : a.condition.type === 'below' ? 'text-down' : ''
          }
        >
          {describeCondition(t, a.condition)}
        </span>
        {a.repeat && (
          <span className="ml-1 text-[10px] text-dim">
            · {t('alerts.repeatBadge')} {a.cooldownSec}s
          </span>
        )}
        {a.note && <span className="ml-1 text-[11px] text-dim">· {a.note}</span>}
      </td>
      <td className="px-2 py-1">
        <Badge tone={TONE[a.status]} testId={`alert-status-${a.id}`}>
          {t(`alerts.status.${a.status}`)}
        </Badge>
      </td>
      <td className="num px-2 py-1 text-right">{a.firedCount}</td>
      <td className="num px-2 py-1 whitespace-nowrap text-dim">
        {a.lastFired ? `${formatNumber(a.lastFired.price)} · ${tf.short(a.lastFired.at)}` : '-'}
      </td>
      <td className="px-2 py-1 text-right whitespace-nowrap">
        {confirming ? (
          <span className="inline-flex items-center gap-1">
            <span className="text-[11px] text-dim">{t('alerts.removeConfirm')}</span>
            <Button
              size="xs"
              variant="danger"
              data-testid={`alert-remove-yes-${a.id}`}
              onClick={() => void run(() => removeAlert(a.id), t('alerts.removed'))}
            >
              {t('alerts.remove')}
            </Button>
            <Button size="xs" variant="ghost" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
          </span>
        ) : (
          <span className="inline-flex items-center gap-1">
            <Button
              size="xs"
              variant="ghost"
              data-testid={`alert-toggle-${a.id}`}
              aria-pressed={on}
              onClick={() => void run(() => editAlert(a.id, { enabled: !on }), t('alerts.saved'))}
            >
              {t(on ? 'alerts.disable' : a.status === 'triggered' ? 'alerts.rearm' : 'alerts.enable')}
            </Button>
            <Button
              size="xs"
              variant="ghost"
              data-testid={`alert-edit-${a.id}`}
              onClick={() =>
                open({
                  id: a.id,
                  symbol: a.symbol,
                  condition: a.condition,
                  repeat: a.repeat,
                  cooldownSec: a.cooldownSec,
                  note: a.note ?? '',
                })
              }
            >
              {t('alerts.edit')}
            </Button>
            <Button
              size="xs"
              variant="ghost"
              data-testid={`alert-remove-${a.id}`}
              aria-label={t('alerts.remove')}
              onClick={() => setConfirming(true)}
            >
              ✕
            </Button>
          </span>
        )}
      </td>
    </tr>
  );
}
