// Chart toolbar action: a new price alert for the shown pair, starting at the last price.
import { useT } from '../../lib/i18n.js';
import { useTicker } from '../../lib/market/useMarket.js';
import { useAlerts } from './api.js';
import { BellIcon } from './BellIcon.js';
import { newLevelDraft, useAlertDialog } from './dialogStore.js';

export function ChartAlertButton({ symbol }: { symbol: string }) {
  const t = useT();
  const open = useAlertDialog((s) => s.open);
  const last = useTicker(symbol)?.close;
  const n = useAlerts().data?.alerts.filter((a) => a.symbol === symbol && a.status === 'active').length ?? 0;
  return (
    <button
      type="button"
      data-testid="chart-alert-add"
      title={t('alerts.chart.hint')}
      onClick={() => open(newLevelDraft(symbol, last ?? '', 'above'))}
      className="rounded px-1.5 py-0.5 text-[11px] text-dim hover:text-fg"
    >
      <BellIcon /> {t('alerts.chart')}
      {n > 0 && <span className="ml-1 text-warn">{n}</span>}
    </button>
  );
}
