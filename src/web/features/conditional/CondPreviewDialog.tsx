import { Button } from '../../components/Button.js';
import { Dialog } from '../../components/Dialog.js';
import type { Preview } from '../../lib/conditionalApi.js';
import { formatNumber } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';

/** Everything arming will do, in full, before the user confirms: each order, its condition, the balance needed. */
export function CondPreviewDialog(props: {
  open: boolean;
  symbol: string;
  preview: Preview | null;
  busy: boolean;
  onArm: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const p = props.preview;
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      testId="cond-preview"
      width={440}
      title={`${props.symbol.replace('_', '/').toUpperCase()} · ${t('cond.previewTitle')}`}
      footer={
        <>
          <Button onClick={props.onClose}>{t('common.cancel')}</Button>
          <Button
            variant="primary"
            data-dialog-primary
            data-testid="cond-arm"
            disabled={!p?.ok || props.busy}
            onClick={props.onArm}
          >
            {props.busy ? t('cond.arming') : t('cond.arm')}
          </Button>
        </>
      }
    >
      {p?.error && (
        <p
          className="mb-2 rounded border border-danger/60 bg-danger/10 px-2 py-1 text-danger"
          role="alert"
          data-testid="cond-preview-error"
        >
          <code className="mr-1 font-semibold">{p.error.code}</code>
          {p.error.message}
        </p>
      )}
      <ol className="flex flex-col gap-2" data-testid="cond-preview-orders">
        {p?.orders.map((o) => (
          <li
            key={`${o.role}-${o.leg ?? 'e'}`}
            className="rounded border border-line bg-panel2 px-2 py-1.5 text-[12px]"
          >
            <div className="flex justify-between">
              <span className="font-semibold">{t(`cond.role.${o.role}`)}</span>
              <span className={o.params.side === 'buy' ? 'text-up' : 'text-down'}>
                {t(o.params.side === 'buy' ? 'trade.buy' : 'trade.sell')} · {t(`cond.${o.params.orderType}`)}
              </span>
            </div>
            <div className="num mt-1 grid grid-cols-2 gap-x-3 text-dim">
              <span>{t('cond.when')}</span>
              <span className="text-right text-fg">
                {o.role === 'leg'
                  ? o.when
                    ? `@ ${formatNumber(o.when)}`
                    : t('cond.whenFollows')
                  : t('cond.whenImmediate')}
              </span>
              {o.params.price && (
                <>
                  <span>{t('entry.price')}</span>
                  <span className="text-right text-fg">{formatNumber(o.params.price)}</span>
                </>
              )}
              {o.params.qty && (
                <>
                  <span>{t('entry.qty')}</span>
                  <span className="text-right text-fg">{formatNumber(o.params.qty, { dp: 8 })}</span>
                </>
              )}
              {o.params.amt && (
                <>
                  <span>{t('entry.amount')}</span>
                  <span className="text-right text-fg">{formatNumber(o.params.amt)}</span>
                </>
              )}
              {o.value && (
                <>
                  <span>{t('cond.estValue')}</span>
                  <span className="text-right text-fg">{formatNumber(o.value, { dp: 0 })}</span>
                </>
              )}
            </div>
          </li>
        ))}
      </ol>
      {p?.required && (
        <p className="num mt-2 flex justify-between text-[12px]">
          <span className="text-dim">{t('cond.required')}</span>
          <span>
            {formatNumber(p.required.amount, { dp: 8 })} {p.required.currency.toUpperCase()}
          </span>
        </p>
      )}
      <p className="mt-2 rounded border border-warn/50 bg-warn/10 px-2 py-1 text-[11px] text-warn">
        {t('cond.warning')}
      </p>
    </Dialog>
  );
}
