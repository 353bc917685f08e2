import { useState } from 'react';
import { Field } from '../../../../components/Field.js';
import { useT } from '../../../../lib/i18n.js';
import { useGroupedInput } from '../../../../lib/input/useGroupedInput.js';
import { useOrderForm } from '../../../../lib/orders/orderFormStore.js';
import { limitTotal, qtyForTotal } from '../orderMath.js';

/**
 * Limit orders: the order total in the quote currency, as on the local exchanges' tickets. It shows
 * price x quantity; typing a total sets the quantity (rounded down, so the order never costs more than
 * the total typed). While it has the focus it keeps the text typed, not the total the rounded quantity
 * gives back.
 */
export function TotalField(props: {
  quote: string;
  quoteDp: number;
  /** The total is outside the pair's min/max order value. */
  bad?: boolean;
}) {
  const t = useT();
  const price = useOrderForm((s) => s.price);
  const qty = useOrderForm((s) => s.qty);
  const set = useOrderForm((s) => s.set);
  const [typed, setTyped] = useState<string | null>(null);
  const shown = typed ?? limitTotal(price, qty, props.quoteDp) ?? '';
  const input = useGroupedInput(
    shown,
    (v) => {
      setTyped(v);
      set({ qty: qtyForTotal(v, price) ?? '' });
    },
    props.quoteDp,
  );
  return (
    <Field
      label={t('entry.total')}
      suffix={props.quote}
      inputMode="decimal"
      data-testid="total-input"
      inputClassName={props.bad ? 'text-danger' : undefined}
      onBlur={() => setTyped(null)}
      {...input}
    />
  );
}
