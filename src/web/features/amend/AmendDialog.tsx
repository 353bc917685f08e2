import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { gte } from '../../../core/decimal.js';
import { ApiError } from '../../../core/errors.js';
import { Field } from '../../components/Field.js';
import { formatNumber } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { usePair, useTickSize } from '../../lib/market/useMarket.js';
import { useActiveAccountSeq, useActiveProfileId } from '../../lib/session.js';
import { usePrefs } from '../../store/prefs.js';
import { pushToast } from '../../store/toasts.js';
import { AmendFrame } from './AmendFrame.js';
import { checkAmend, remainingOf } from './amendRules.js';
import { useAmendDialog } from './amendStore.js';
import { sendAmend } from './sendAmend.js';

/** One amendment, one confirmation: new price and/or unfilled quantity, checked like the order form. */
export function AmendDialog() {
  const t = useT();
  const ctx = { qc: useQueryClient(), profileId: useActiveProfileId(), accountSeq: useActiveAccountSeq() };
  const target = useAmendDialog((s) => s.target);
  const close = useAmendDialog((s) => s.close);
  const large = usePrefs((s) => s.largeOrderValue);
  const pair = usePair(target?.symbol ?? '');
  const policy = useTickSize(target?.symbol ?? '').data?.tickSizePolicy ?? [];
  const [price, setPrice] = useState('');
  const [qty, setQty] = useState('');
  const [busy, setBusy] = useState(false);
  const [err, setErr] = useState<{ code: string; message: string } | null>(null);

  useEffect(() => {
    if (!target) return;
    setPrice(target.proposedPrice ?? target.price);
    setQty(remainingOf(target.qty, target.filledQty));
    setErr(null);
    setBusy(false);
  }, [target]);

  if (!target) return null;
  const remaining = remainingOf(target.qty, target.filledQty);
  const check = checkAmend(
    { side: target.side, price, qty },
    { price: target.price, remaining },
    pair ?? {},
    policy,
  );
  const isLarge = check.ok && check.value !== null && gte(check.value, large);

  const submit = async () => {
    if (!check.ok || busy) return;
    setBusy(true);
    setErr(null);
    try {
      // One amendment, one notice: the old order's "canceled" toast (order fates) gives way to this one.
      const r = await sendAmend(ctx, target, check.price, check.qty);
      pushToast({
        tone: r.outcome === 'amended' ? 'ok' : r.outcome === 'filled' ? 'info' : 'error',
        title: t(`amend.outcome.${r.outcome}`),
        body:
          r.outcome === 'amended' && r.to
            ? `${formatNumber(r.to.price)} × ${formatNumber(r.to.qty, { dp: 8 })}${r.filledBetween && r.filledBetween !== '0' ? ` · ${t('amend.filledBetween', { qty: formatNumber(r.filledBetween, { dp: 8 }) })}` : ''}`
            : r.error?.message,
        code: r.error?.code,
        testId: `amend-toast-${r.outcome}`,
      });
      close();
    } catch (e) {
      const ae = e instanceof ApiError ? e : null;
      setErr({ code: ae?.code ?? 'ERROR', message: ae?.description ?? String(e) });
      setBusy(false);
    }
  };

  return (
    <AmendFrame
      title={t('amend.title')}
      symbol={target.symbol}
      side={target.side}
      testId="amend-dialog"
      okTestId="amend-ok"
      onClose={close}
      sending={busy ? t('amend.sending') : null}
      canConfirm={check.ok}
      onConfirm={() => void submit()}
    >
      <div className="num text-dim" data-testid="amend-current">
        {t('amend.current')}: {formatNumber(target.price)} × {formatNumber(remaining, { dp: 8 })}
      </div>
      <Field
        label={t('entry.price')}
        value={price}
        inputMode="decimal"
        data-testid="amend-price"
        onChange={(e) => setPrice(e.target.value)}
      />
      <Field
        label={t('amend.qty')}
        value={qty}
        inputMode="decimal"
        data-testid="amend-qty"
        onChange={(e) => setQty(e.target.value)}
      />
      {!check.ok && check.code !== 'NO_CHANGE' && (
        <p className="text-danger" role="alert" data-testid="amend-invalid">
          <code>{check.code}</code> {check.message}
        </p>
      )}
      {check.ok && (
        <p className="num text-dim">
          {t('amend.value')}: {formatNumber(check.value)}
        </p>
      )}
      {isLarge && <p className="text-warn">{t('amend.large')}</p>}
      <p className="text-[11px] text-dim">{t('amend.note')}</p>
      {err && (
        <p className="text-danger" role="alert" data-testid="amend-error">
          <code>{err.code}</code> {err.message}
        </p>
      )}
      <button type="submit" hidden />
    </AmendFrame>
  );
}
