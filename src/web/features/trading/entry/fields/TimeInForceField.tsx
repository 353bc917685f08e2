import { useT } from '../../../../lib/i18n.js';
import { useOrderForm } from '../../../../lib/orders/orderFormStore.js';
import type { TimeInForce } from '../../../../lib/types.js';

const ALL: TimeInForce[] = ['gtc', 'ioc', 'fok', 'po'];

/** gtc / ioc / fok / po. Market orders allow only ioc; best orders require a choice. */
export function TimeInForceField() {
  const t = useT();
  const tif = useOrderForm((s) => s.timeInForce);
  const orderType = useOrderForm((s) => s.orderType);
  const set = useOrderForm((s) => s.set);
  const allowed = orderType === 'market' ? (['ioc'] as TimeInForce[]) : ALL;
  return (
    <div className="flex items-center gap-1">
      <span className="w-16 shrink-0 text-[12px] text-dim">{t('entry.tif')}</span>
      {ALL.map((v) => (
        <button
          key={v}
          type="button"
          data-testid={`tif-${v}`}
          disabled={!allowed.includes(v)}
          title={t(`entry.tif.${v}`)}
          onClick={() => set({ timeInForce: v })}
          className={`h-6 flex-1 rounded border text-[11px] uppercase disabled:opacity-30 ${tif === v ? 'border-accent text-accent' : 'border-line text-dim hover:text-fg'}`}
        >
          {v}
        </button>
      ))}
    </div>
  );
}
