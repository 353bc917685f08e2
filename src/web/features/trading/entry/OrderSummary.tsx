import { formatSpendable } from '../../../../core/displayRules.js';
import { formatNumber } from '../../../lib/format.js';
import { useT } from '../../../lib/i18n.js';
import { useOrderForm } from '../../../lib/orders/orderFormStore.js';
import type { DraftCheck } from './draft.js';
import { estimateFee } from './orderMath.js';
import type { EntryContext } from './useEntryContext.js';

function Row(props: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="flex h-5 items-center justify-between text-[12px]">
      <span className="text-dim">{props.label}</span>
      <span className="num" data-testid={props.testId}>
        {props.children}
      </span>
    </div>
  );
}

/** Available balance, order value with its min/max check, and the estimated fee. */
export function OrderSummary({ ctx, check }: { ctx: EntryContext; check: DraftCheck }) {
  const t = useT();
  const side = useOrderForm((s) => s.side);
  const orderType = useOrderForm((s) => s.orderType);
  const buy = side === 'buy';
  const avail = buy ? ctx.availableQuote : ctx.availableBase;
  const fee = estimateFee({
    side,
    value: check.value,
    qty: check.params.qty ?? null,
    feeRate: ctx.feeRate,
    feeCurrency: buy ? ctx.buyFeeCurrency : ctx.sellFeeCurrency,
    baseCurrency: ctx.base,
    quoteDp: ctx.quoteDp,
  });
  const fmtQuote = (v: string | null | undefined) => formatNumber(v, { dp: ctx.quoteDp });
  const ve = check.valueError;
  return (
    <div className="space-y-0.5 border-t border-line pt-2">
      <Row label={t('entry.available')} testId="available">
        {avail === null ? '-' : formatSpendable(avail, buy ? ctx.quote : ctx.base)}{' '}
        <span className="text-dim uppercase">{buy ? ctx.quote : ctx.base}</span>
      </Row>
      {/* a limit order's total is its own field above (TotalField) */}
      {orderType !== 'limit' && (
        <Row label={t('entry.total')} testId="order-value">
          <span className={ve ? 'text-danger' : ''}>{check.value ? fmtQuote(check.value) : '-'}</span>{' '}
          <span className="text-dim uppercase">{ctx.quote}</span>
        </Row>
      )}
      <Row label={t('entry.fee')} testId="est-fee">
        {fee ? `${formatNumber(fee.amount, { dp: 8 })} ` : '- '}
        <span className="text-dim uppercase">{fee?.currency ?? ''}</span>
      </Row>
      <div className="flex h-4 justify-between text-[11px] text-dim">
        <span>
          {t('entry.min')} {ctx.pair?.minOrderValue ? fmtQuote(ctx.pair.minOrderValue) : '-'}
        </span>
        <span>
          {t('entry.max')} {ctx.pair?.maxOrderValue ? fmtQuote(ctx.pair.maxOrderValue) : '-'}
        </span>
      </div>
      {ve && (
        <p className="text-[11px] text-danger" role="alert" data-testid="value-error">
          {t(ve.code === 'ORDER_VALUE_TOO_SMALL' ? 'entry.valueTooSmall' : 'entry.valueTooLarge', {
            bound: fmtQuote((ve as { bound?: string }).bound ?? ''),
            quote: ctx.quote.toUpperCase(),
          })}{' '}
          <code className="text-[10px] opacity-75">{ve.code}</code>
        </p>
      )}
    </div>
  );
}
