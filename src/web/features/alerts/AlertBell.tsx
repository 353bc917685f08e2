// The bell on a market-list row: opens the alert dialog for that pair at its last price; lit while the pair has active alerts.
import { useT } from '../../lib/i18n.js';
import { useAlerts } from './api.js';
import { BellIcon } from './BellIcon.js';
import { newLevelDraft, useAlertDialog } from './dialogStore.js';

export function AlertBell({ symbol, price }: { symbol: string; price: string | undefined }) {
  const t = useT();
  const open = useAlertDialog((s) => s.open);
  const n = useAlerts().data?.alerts.filter((a) => a.symbol === symbol && a.status === 'active').length ?? 0;
  const label = n ? t('alerts.bellActive', { n }) : t('alerts.bell');
  return (
    <button
      type="button"
      data-testid={`market-bell-${symbol}`}
      aria-label={label}
      title={label}
      onClick={(e) => {
        e.stopPropagation();
        open(newLevelDraft(symbol, price ?? '', 'above'));
      }}
      className={`shrink-0 px-0.5 text-[11px] leading-none ${n ? 'text-warn' : 'text-dim/50 hover:text-warn'}`}
    >
      <BellIcon filled={n > 0} />
    </button>
  );
}
