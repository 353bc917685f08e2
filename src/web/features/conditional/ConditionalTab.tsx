import { Badge } from '../../components/Badge.js';
import { Button } from '../../components/Button.js';
import { EmptyState } from '../../components/EmptyState.js';
import { ErrorState } from '../../components/ErrorState.js';
import { Spinner } from '../../components/Spinner.js';
import { type CondView, isLive, useCancelConditional, useMyConditionals } from '../../lib/conditionalApi.js';
import { formatNumber, useTimeFormat } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { pushErrorToast } from '../../store/toasts.js';
import { legLines, orderText } from './describe.js';
import { EngineBadge } from './EngineBadge.js';

const TONE: Record<CondView['status'], 'accent' | 'warn' | 'ok' | 'neutral' | 'danger'> = {
  arming: 'warn',
  entryOpen: 'accent',
  armed: 'accent',
  triggered: 'warn',
  placed: 'ok',
  completed: 'ok',
  canceled: 'neutral',
  failed: 'danger',
};

/** Bottom-panel tab: every conditional order the proxy holds, its state, and a cancel while it is live. */
export function ConditionalTab({ symbol }: { symbol: string }) {
  const t = useT();
  const tf = useTimeFormat();
  const q = useMyConditionals();
  const cancel = useCancelConditional();
  const fmt = (v: string) => formatNumber(v, { dp: 8 });
  const rows = q.data ?? [];
  const head = (
    <div className="flex h-7 shrink-0 items-center gap-2 border-b border-line px-2 text-[11px] text-dim">
      <EngineBadge />
      <span className="truncate" title={t('cond.warning')}>
        {t('cond.warning')}
      </span>
    </div>
  );
  if (q.isLoading) return <Spinner />;
  if (q.error)
    return <ErrorState error={q.error} onRetry={() => q.refetch()} retryLabel={t('common.retry')} />;
  return (
    <div className="flex h-full flex-col" data-testid="cond-tab">
      {head}
      {rows.length === 0 ? (
        <EmptyState testId="cond-empty">{t('cond.empty')}</EmptyState>
      ) : (
        <div className="min-h-0 flex-1 overflow-auto">
          <table className="w-full text-[12px]">
            <thead className="sticky top-0 bg-panel text-left text-[11px] text-dim">
              <tr>
                <th className="px-2 py-1 font-normal">{t('cond.col.time')}</th>
                <th className="px-2 py-1 font-normal">{t('cond.col.kind')}</th>
                <th className="px-2 py-1 font-normal">{t('cond.col.trigger')}</th>
                <th className="px-2 py-1 font-normal">{t('cond.col.order')}</th>
                <th className="px-2 py-1 font-normal">{t('cond.col.status')}</th>
                <th className="px-2 py-1" />
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => {
                const lines = legLines(c.legs.length ? c.legs : c.definition.legs, c.trail);
                const leg = c.legs[0] ?? c.definition.legs[0];
                const side = c.definition.entry?.side ?? leg?.order.side ?? 'sell';
                return (
                  <tr
                    key={c.id}
                    className={`border-t border-line/60 ${c.symbol === symbol ? '' : 'opacity-70'}`}
                    data-testid={`cond-row-${c.id}`}
                  >
                    <td className="num px-2 py-1 whitespace-nowrap text-dim">{tf.short(c.createdAt)}</td>
                    <td className="px-2 py-1 whitespace-nowrap">
                      <span className={side === 'buy' ? 'text-up' : 'text-down'}>
                        {t(side === 'buy' ? 'trade.buy' : 'trade.sell')}
                      </span>{' '}
                      {t(`cond.kind.${c.kind}`)}{' '}
                      <span className="text-dim">{c.symbol.replace('_', '/').toUpperCase()}</span>
                    </td>
                    <td className="num px-2 py-1 whitespace-nowrap">
                      {c.definition.entry && (
                        <span className="mr-2 text-dim">
                          {t('cond.entryPrice')} {formatNumber(c.definition.entry.price ?? '')}
                        </span>
                      )}
                      {lines.map((l) => (
                        <span key={l.leg} className="mr-2">
                          <span className="text-dim">
                            {t(`cond.line.${l.kind === 'resting' ? 'tp' : l.kind}`)}
                          </span>{' '}
                          {l.level ? formatNumber(l.level) : '-'}
                        </span>
                      ))}
                    </td>
                    <td className="num px-2 py-1 whitespace-nowrap">
                      {leg ? orderText(leg.order, fmt) : '-'}
                    </td>
                    <td className="px-2 py-1 whitespace-nowrap" data-testid={`cond-status-${c.id}`}>
                      <Badge
                        tone={TONE[c.status]}
                        title={c.error ? `${c.error.code}: ${c.error.message}` : undefined}
                      >
                        {t(`cond.status.${c.status}`, { id: c.orderId ?? '' })}
                      </Badge>
                      {c.fired && (
                        <span className="num ml-1 text-[11px] text-dim">
                          @ {formatNumber(c.fired.price)}
                          {c.fired.late ? ` · ${t('cond.late')}` : ''}
                          {c.fired.bars ? ` · ${t('cond.bars', { n: c.fired.bars })}` : ''}
                        </span>
                      )}
                      {c.error && c.status !== 'canceled' && (
                        <code className="ml-1 text-[11px] text-danger">{c.error.code}</code>
                      )}
                      {c.error && c.status === 'canceled' && c.error.code !== 'USER_CANCELED' && (
                        <code className="ml-1 text-[11px] text-dim">{c.error.code}</code>
                      )}
                    </td>
                    <td className="px-2 py-1 text-right">
                      {isLive(c) && c.status !== 'triggered' && (
                        <Button
                          size="xs"
                          variant="ghost"
                          data-testid={`cond-cancel-${c.id}`}
                          disabled={cancel.isPending}
                          onClick={() =>
                            cancel.mutate(c.id, {
                              onError: (e) => pushErrorToast(t('cond.cancel'), e),
                            })
                          }
                        >
                          {t('cond.cancel')}
                        </Button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
