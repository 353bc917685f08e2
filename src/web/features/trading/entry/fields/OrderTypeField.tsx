import { useT } from '../../../../lib/i18n.js';
import { useOrderForm } from '../../../../lib/orders/orderFormStore.js';
import type { OrderType } from '../../../../lib/types.js';

const TYPES: OrderType[] = ['limit', 'market', 'best'];

export function OrderTypeField() {
  const t = useT();
  const orderType = useOrderForm((s) => s.orderType);
  const set = useOrderForm((s) => s.set);
  const choose = (ot: OrderType) =>
    set({
      orderType: ot,
      timeInForce: ot === 'limit' ? 'gtc' : 'ioc',
      snapNote: null,
    });
  return (
    <div className="flex gap-3 text-[12px]" role="radiogroup" aria-label={t('entry.orderType')}>
      {TYPES.map((ot) => (
        <label
          key={ot}
          className={`flex cursor-pointer items-center gap-1 ${orderType === ot ? 'text-fg' : 'text-dim'}`}
        >
          <input
            type="radio"
            name="orderType"
            data-testid={`type-${ot}`}
            checked={orderType === ot}
            onChange={() => choose(ot)}
            className="accent-[var(--accent)]"
          />
          {t(`entry.type.${ot}`)}
        </label>
      ))}
    </div>
  );
}
