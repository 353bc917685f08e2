// An order row's status: the exchange's status, or the fate this tab found out about it (a cancel that
// was really self-trade prevention), with the exchange's status kept as the tooltip.
import { useT } from '../../../lib/i18n.js';
import { fateOfOrder, useFates } from '../../../lib/orders/fateStore.js';

export function FateStatus(props: { orderId: number; status: string }) {
  const t = useT();
  const fate = useFates((s) => fateOfOrder(s.byCoid, props.orderId)?.fate);
  if (fate === 'prevented')
    return (
      <span className="text-warn" title={t(`status.${props.status}`)} data-testid="row-fate-prevented">
        {t('fate.status.prevented')}
      </span>
    );
  return <>{t(`status.${props.status}`)}</>;
}
