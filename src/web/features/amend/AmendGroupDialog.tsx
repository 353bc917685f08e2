import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../core/errors.js';
import { Field } from '../../components/Field.js';
import { formatNumber } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { usePair, useTickSize } from '../../lib/market/useMarket.js';
import { useActiveAccountSeq, useActiveProfileId } from '../../lib/session.js';
import { pushToast } from '../../store/toasts.js';
import { AmendFrame } from './AmendFrame.js';
import { type AmendCheck, checkAmend, remainingOf } from './amendRules.js';
import { useAmendDialog } from './amendStore.js';
import { type AmendResult, sendAmend } from './sendAmend.js';

/**
 * Several orders of one side at one price (a chart line marked ×N, dragged), moved to a new price
 * together: each keeps its unfilled quantity and is checked like the order form, then amended one
 * after another; one notice tells how many moved, and each one that did not is named with its code.
 */
export function AmendGroupDialog() {
  const t = useT();
  const ctx = { qc: useQueryClient(), profileId: useActiveProfileId(), accountSeq: useActiveAccountSeq() };
  const group = useAmendDialog((s) => s.group);
  const close = useAmendDialog((s) => s.close);
  const pair = usePair(group?.symbol ?? '');
  const policy = useTickSize(group?.symbol ?? '').data?.tickSizePolicy ?? [];
  const [price, setPrice] = useState('');
  const [done, setDone] = useState<number | null>(null);

  useEffect(() => {
    if (!group) return;
    setPrice(group.proposedPrice);
    setDone(null);
  }, [group]);

  if (!group) return null;
  const n = group.orders.length;
  const checks: AmendCheck[] = group.orders.map((o) => {
    const remaining = remainingOf(o.qty, o.filledQty);
    return checkAmend(
      { side: o.side, price, qty: remaining },
      { price: o.price, remaining },
      pair ?? {},
      policy,
    );
  });
  const refused = checks.find((c) => !c.ok);
  const busy = done !== null;

  const submit = async () => {
    if (refused || busy) return;
    setDone(0);
    const failed: string[] = [];
    let ok = 0;
    for (const [i, o] of group.orders.entries()) {
      const c = checks[i]!;
      if (!c.ok) continue;
      let r: AmendResult | null = null;
      try {
        r = await sendAmend(ctx, o, c.price, c.qty);
      } catch (e) {
        const ae = e instanceof ApiError ? e : null;
        failed.push(`#${o.orderId} ${ae?.code ?? 'ERROR'}`);
      }
      if (r?.outcome === 'amended') ok++;
      else if (r) failed.push(`#${o.orderId} ${r.error?.code ?? t(`amend.outcome.${r.outcome}`)}`);
      setDone(i + 1);
    }
    const all = ok === n;
    pushToast({
      tone: all ? 'ok' : 'error',
      title: all ? t('amend.group.done', { n }) : t('amend.group.partial', { n, ok }),
      body: all ? `${formatNumber(price)} × ${n}` : failed.join(' · '),
      testId: all ? 'amend-group-toast-done' : 'amend-group-toast-partial',
    });
    close();
  };

  return (
    <AmendFrame
      title={t('amend.group.title', { n })}
      symbol={group.symbol}
      side={group.side}
      testId="amend-group-dialog"
      okTestId="amend-group-ok"
      onClose={close}
      sending={busy ? `${t('amend.sending')} ${done ?? 0}/${n}` : null}
      holdCloseWhileSending
      canConfirm={!refused}
      onConfirm={() => void submit()}
    >
      <ul className="num flex flex-col gap-0.5 text-dim" data-testid="amend-group-orders">
        {group.orders.map((o) => (
          <li key={o.orderId} data-testid="amend-group-row">
            #{o.orderId} · {formatNumber(o.price)} ×{' '}
            {formatNumber(remainingOf(o.qty, o.filledQty), { dp: 8 })}
          </li>
        ))}
      </ul>
      <Field
        label={t('entry.price')}
        value={price}
        inputMode="decimal"
        data-testid="amend-group-price"
        disabled={busy}
        onChange={(e) => setPrice(e.target.value)}
      />
      {refused && !refused.ok && refused.code !== 'NO_CHANGE' && (
        <p className="text-danger" role="alert" data-testid="amend-group-invalid">
          <code>{refused.code}</code> {refused.message}
        </p>
      )}
      <p className="text-[11px] text-dim">{t('amend.note')}</p>
      <button type="submit" hidden />
    </AmendFrame>
  );
}
