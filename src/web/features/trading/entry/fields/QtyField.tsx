import { QTY_DECIMALS } from '../../../../../core/orderRules.js';
import { Field } from '../../../../components/Field.js';
import { useT } from '../../../../lib/i18n.js';
import { useGroupedInput } from '../../../../lib/input/useGroupedInput.js';
import { useOrderForm } from '../../../../lib/orders/orderFormStore.js';

/** Base-currency quantity; precision is enforced while typing (at most 8 decimals). */
export function QtyField(props: { base: string }) {
  const t = useT();
  const qty = useOrderForm((s) => s.qty);
  const set = useOrderForm((s) => s.set);
  const input = useGroupedInput(qty, (v) => set({ qty: v }), QTY_DECIMALS);
  return (
    <Field
      label={t('entry.qty')}
      suffix={props.base}
      inputMode="decimal"
      data-testid="qty-input"
      {...input}
    />
  );
}
