import { Field } from '../../../../components/Field.js';
import { useT } from '../../../../lib/i18n.js';
import { useGroupedInput } from '../../../../lib/input/useGroupedInput.js';
import { useOrderForm } from '../../../../lib/orders/orderFormStore.js';

/** Quote-currency amount spent by a market or best buy (amt). */
export function AmountField(props: { quote: string; quoteDp: number }) {
  const t = useT();
  const amt = useOrderForm((s) => s.amt);
  const set = useOrderForm((s) => s.set);
  const input = useGroupedInput(amt, (v) => set({ amt: v }), props.quoteDp);
  return (
    <Field
      label={t('entry.amount')}
      suffix={props.quote}
      inputMode="decimal"
      data-testid="amt-input"
      {...input}
    />
  );
}
