import { useEffect, useMemo, useState } from 'react';
import { gte } from '../../../../core/decimal.js';
import { ApiError } from '../../../../core/errors.js';
import { isUncertainFailure } from '../../../../core/orderFate.js';
import type { OrderParamsInput } from '../../../../core/orderRules.js';
import { Button } from '../../../components/Button.js';
import { errorSentence } from '../../../lib/errorText.js';
import { formatNumber } from '../../../lib/format.js';
import { useT } from '../../../lib/i18n.js';
import { useOrderForm } from '../../../lib/orders/orderFormStore.js';
import { getPrefs, usePrefs } from '../../../store/prefs.js';
import {
  checkNow,
  draftFromForm,
  getPreTrade,
  isBlockedBy,
  LazyPreTradePanel,
} from '../../pre-trade/index.js';
import { FateLine } from '../fate/FateLine.js';
import { beginOrder, orderAccepted, orderRefused, orderUncertain } from '../fate/tracker.js';
import { checkDraft } from './draft.js';
import { AmountField } from './fields/AmountField.js';
import { BestNthField } from './fields/BestNthField.js';
import { OrderTypeField } from './fields/OrderTypeField.js';
import { PercentButtons } from './fields/PercentButtons.js';
import { PriceField, snapFormPrice } from './fields/PriceField.js';
import { ProtectionField } from './fields/ProtectionField.js';
import { QtyField } from './fields/QtyField.js';
import { SideTabs } from './fields/SideTabs.js';
import { TimeInForceField } from './fields/TimeInForceField.js';
import { TotalField } from './fields/TotalField.js';
import { LazyConfirmOrderDialog } from './LazyConfirmOrderDialog.js';
import { OrderSummary } from './OrderSummary.js';
import { prefillPrice } from './prefill.js';
import { TicketTabs } from './TicketTabs.js';
import { useEntryContext } from './useEntryContext.js';
import { newClientOrderId, useSubmitOrder } from './useSubmitOrder.js';

/** The order ticket, with the conditional-order tab (issue 14) beside the plain order form. */
export function OrderEntry({ symbol }: { symbol: string }) {
  return (
    <TicketTabs symbol={symbol}>
      <PlainOrderEntry symbol={symbol} />
    </TicketTabs>
  );
}

/** The plain order form: one component per field; rules checked locally before anything is sent. */
function PlainOrderEntry({ symbol }: { symbol: string }) {
  const t = useT();
  const ctx = useEntryContext(symbol);
  const form = useOrderForm();
  const large = usePrefs((s) => s.largeOrderValue);
  const lang = usePrefs((s) => s.language);
  const submit = useSubmitOrder(ctx.profileId, ctx.accountSeq, symbol);
  const [confirm, setConfirm] = useState<{ params: OrderParamsInput; reasons: string[] } | null>(null);
  const [localError, setLocalError] = useState<{ code: string; text: string } | null>(null);

  // the limit price starts at the last price, once per market (the form is reset on a new market)
  useEffect(() => {
    prefillPrice(ctx.last, form.resetSeq);
  }, [ctx.last, form.resetSeq]);

  const check = checkDraft(form, ctx.pair, ctx.ranges, { bestBid: ctx.bestBid, last: ctx.last });
  const byAmount = form.side === 'buy' && form.orderType !== 'limit';
  const fmtValue = check.value
    ? `${formatNumber(check.value, { dp: ctx.quoteDp })} ${ctx.quote.toUpperCase()}`
    : '-';

  // Every order is followed until its fate is told (fate/tracker.ts): toast + the result line below.
  const send = (params: OrderParamsInput) => {
    setConfirm(null);
    const coid = newClientOrderId();
    beginOrder(coid, {
      symbol,
      side: params.side === 'sell' ? 'sell' : 'buy',
      orderType: params.orderType ?? 'limit',
      profileId: ctx.profileId,
      accountSeq: ctx.accountSeq,
    });
    submit.mutate(
      { ...params, clientOrderId: coid },
      {
        onSuccess: (res) => {
          orderAccepted(coid, Number(res.orderId));
          useOrderForm.setState({ qty: '', amt: '' });
        },
        onError: (e) => {
          const code = e instanceof ApiError ? e.code : 'UNKNOWN_ERROR';
          if (isUncertainFailure(code, e instanceof ApiError ? e.status : 0)) void orderUncertain(coid, code);
          else orderRefused(coid, code, e instanceof ApiError ? e.description : String(e));
        },
      },
    );
  };

  const onSubmit = (e?: React.FormEvent) => {
    e?.preventDefault();
    if (ctx.blocked || submit.isPending) return;
    snapFormPrice(ctx.ranges);
    const now = useOrderForm.getState();
    const fresh = checkDraft(now, ctx.pair, ctx.ranges, {
      bestBid: ctx.bestBid,
      last: ctx.last,
      farPct: getPrefs().ptFatFingerPct,
    });
    if (fresh.error) {
      setLocalError({ code: fresh.error.code, text: fresh.error.description ?? '' });
      return;
    }
    setLocalError(null);
    const reasons: string[] = [];
    if (now.orderType !== 'limit') reasons.push(t('entry.confirmMarket'));
    if (fresh.value && ctx.quote.toLowerCase() === 'krw' && gte(fresh.value, large))
      reasons.push(t('entry.confirmLarge', { value: formatNumber(large) }));
    // The pre-trade check of exactly what is sent (the form as it is now, not as the last render saw it),
    // on the book the live check holds; its warnings are listed in full in the confirmation. Without a
    // live check (not loaded, book not live) the price is still measured against the last price, with
    // the same threshold: a far price is always confirmed.
    const pt = checkNow('order', draftFromForm(now, ctx.last));
    if (fresh.farFromLast && !pt?.warnings.some((w) => w.code === 'FAT_FINGER'))
      reasons.push(t('entry.confirmFar'));
    if (reasons.length || (pt && pt.warnings.length > 0)) setConfirm({ params: fresh.params, reasons });
    else send(fresh.params);
  };

  const buy = form.side === 'buy';
  // The pre-trade check (issue 22 item 3) of what is typed, against the live book.
  const { side, orderType, price, qty, amt, timeInForce, bestNth, pp, ppPercent } = form;
  const draft = useMemo(
    () => draftFromForm({ side, orderType, price, qty, amt, timeInForce, bestNth, pp, ppPercent }, ctx.last),
    [side, orderType, price, qty, amt, timeInForce, bestNth, pp, ppPercent, ctx.last],
  );
  const units = useMemo(
    () => ({ base: ctx.base, quote: ctx.quote, quoteDp: ctx.quoteDp }),
    [ctx.base, ctx.quote, ctx.quoteDp],
  );
  return (
    <form className="flex flex-col gap-1.5 p-2 [&>*]:shrink-0" onSubmit={onSubmit} data-testid="order-entry">
      <SideTabs />
      <OrderTypeField />
      {form.orderType === 'limit' && <PriceField ranges={ctx.ranges} quote={ctx.quote} />}
      {byAmount ? <AmountField quote={ctx.quote} quoteDp={ctx.quoteDp} /> : <QtyField base={ctx.base} />}
      <PercentButtons ctx={ctx} />
      {form.orderType === 'limit' && (
        <TotalField quote={ctx.quote} quoteDp={ctx.quoteDp} bad={!!check.valueError} />
      )}
      {form.orderType !== 'market' && <TimeInForceField />}
      {form.orderType === 'best' && <BestNthField />}
      <ProtectionField />
      <OrderSummary ctx={ctx} check={check} />
      <LazyPreTradePanel slot="order" symbol={symbol} draft={draft} units={units} />
      {localError && (
        <p
          className="text-[11px] break-words text-danger"
          role="alert"
          data-testid="entry-local-error"
          title={localError.text}
        >
          {errorSentence(lang, localError.code, localError.text)}{' '}
          <code className="text-[10px] opacity-75">{localError.code}</code>
        </p>
      )}
      {/* The send button stays in view at the bottom of the ticket when the column is short (a 768-900 px
          high screen): the fields scroll under it, the button never does. */}
      {/* (a fade above it says that more of the ticket lies under it) */}
      <div className="sticky bottom-0 z-10 -mx-2 flex flex-col bg-panel px-2 py-1 before:pointer-events-none before:absolute before:inset-x-0 before:-top-3 before:h-3 before:bg-gradient-to-t before:from-panel before:to-transparent before:content-['']">
        {ctx.blocked ? (
          <div
            className="rounded border border-warn/50 bg-warn/10 p-2 text-center text-[12px] text-warn"
            data-testid="entry-blocked"
          >
            {t(ctx.blocked)}
          </div>
        ) : (
          <Button
            type="submit"
            size="md"
            variant={buy ? 'up' : 'down'}
            disabled={submit.isPending || !!check.valueError}
            data-testid="submit-order"
            title="Enter"
          >
            {submit.isPending
              ? t('entry.sending')
              : `${t(`entry.type.${form.orderType}`)} ${t(buy ? 'trade.buy' : 'trade.sell')}`}
          </Button>
        )}
      </div>
      <FateLine />
      <LazyConfirmOrderDialog
        open={!!confirm}
        symbol={symbol}
        params={confirm?.params ?? {}}
        valueText={fmtValue}
        reasons={confirm?.reasons ?? []}
        units={units}
        onConfirm={() =>
          confirm && !isBlockedBy(getPreTrade('order'), getPrefs().ptBlock) && send(confirm.params)
        }
        onClose={() => setConfirm(null)}
      />
    </form>
  );
}
