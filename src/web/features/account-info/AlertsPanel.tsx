// Market alerts (investment warnings) per pair.
import { Badge, EmptyState, ErrorState, Panel, Spinner } from '../../components/index.js';
import { useTimeFormat } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { useMarketAlerts } from '../../lib/referenceData.js';
import { usePrefs } from '../../store/prefs.js';

export function AlertsPanel() {
  const t = useT();
  const tf = useTimeFormat();
  const q = useMarketAlerts();
  const lang = usePrefs((s) => s.language);
  const rows = (q.data ?? []).flatMap((m) => m.alerts.map((a, i) => ({ symbol: m.symbol, a, i })));
  return (
    <Panel title={t('acc.alerts.title')} testId="market-alerts">
      {q.isPending ? (
        <Spinner />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState>{t('acc.alerts.none')}</EmptyState>
      ) : (
        <table className="w-full text-[12px]">
          <thead className="text-dim">
            <tr className="h-7 border-b border-line">
              <th className="px-2 text-left font-normal">{t('acc.fees.symbol')}</th>
              <th className="px-2 text-left font-normal">{t('acc.alerts.type')}</th>
              <th className="px-2 text-left font-normal">{t('acc.alerts.level')}</th>
              <th className="px-2 text-right font-normal">{t('acc.alerts.period')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ symbol, a, i }) => (
              <tr key={`${symbol}:${i}`} className="h-7 border-b border-line/50">
                <td className="px-2 font-semibold uppercase">{symbol.replace('_', '/')}</td>
                <td className="px-2">{(lang === 'ko' ? a.typeKorean : null) ?? a.type}</td>
                <td className="px-2">
                  <Badge tone="warn">{(lang === 'ko' ? a.levelKorean : null) ?? a.level}</Badge>
                </td>
                <td className="num px-2 text-right text-dim">
                  {tf.short(a.startAt)} ~ {a.endAt ? tf.short(a.endAt) : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}
