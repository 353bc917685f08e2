import type { OrderParamsInput } from '../../../../core/orderRules.js';
import { Button } from '../../../components/Button.js';
import { Dialog } from '../../../components/Dialog.js';
import { formatNumber } from '../../../lib/format.js';
import { useT } from '../../../lib/i18n.js';
import { usePrefs } from '../../../store/prefs.js';
import type { PreTradeList, Units } from '../../pre-trade/index.js';
import { isBlockedBy, usePreTradeResult } from '../../pre-trade/index.js';

/**
 * Confirmation for market/best orders, unusually large or far-off orders, and orders the pre-trade check
 * warns about (its sentences live with the book; with blocking on in Settings, confirm is disabled).
 */
export function ConfirmOrderDialog(props: {
  open: boolean;
  symbol: string;
  params: OrderParamsInput;
  valueText: string;
  reasons: string[];
  units: Units;
  /** The pre-trade warnings list, loaded with this dialog (LazyConfirmOrderDialog.tsx). */
  PreTradeList: typeof PreTradeList;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const { PreTradeList } = props;
  const p = props.params;
  const buy = p.side === 'buy';
  const blocked = isBlockedBy(
    usePreTradeResult('order'),
    usePrefs((s) => s.ptBlock),
  );
  const row = (k: string, v: React.ReactNode) => (
    <div className="flex justify-between py-0.5">
      <span className="text-dim">{k}</span>
      <span className="num">{v}</span>
    </div>
  );
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      testId="confirm-order"
      title={`${props.symbol.replace('_', '/').toUpperCase()} ${t(buy ? 'trade.buy' : 'trade.sell')} · ${t(`entry.type.${p.orderType}`)}`}
      footer={
        <>
          <Button onClick={props.onClose}>{t('common.cancel')}</Button>
          <Button
            autoFocus
            variant={buy ? 'up' : 'down'}
            onClick={props.onConfirm}
            disabled={blocked}
            title={blocked ? t('pt.blocked') : undefined}
            data-testid="confirm-order-ok"
          >
            {t('common.confirm')}
          </Button>
        </>
      }
    >
      {props.reasons.map((r) => (
        <p key={r} className="mb-2 rounded border border-warn/50 bg-warn/10 px-2 py-1 text-warn">
          {r}
        </p>
      ))}
      {props.open && <PreTradeList slot="order" units={props.units} />}
      {p.price && row(t('entry.price'), formatNumber(p.price))}
      {p.qty && row(t('entry.qty'), formatNumber(p.qty, { dp: 8 }))}
      {p.amt && row(t('entry.amount'), formatNumber(p.amt))}
      {row(t('entry.total'), props.valueText)}
      {row(t('entry.tif'), p.timeInForce?.toUpperCase())}
      {p.bestNth && row(t('entry.bestNth'), p.bestNth)}
      {p.pp === 'true' && row(t('entry.pp'), `${p.ppPercent ?? '5'}%`)}
    </Dialog>
  );
}
