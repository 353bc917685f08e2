import { useT } from '../../../../lib/i18n.js';
import { useOrderForm } from '../../../../lib/orders/orderFormStore.js';

/** bestNth 1-5: the Nth opposing level (with po: the Nth own-side level). */
export function BestNthField() {
  const t = useT();
  const n = useOrderForm((s) => s.bestNth);
  const po = useOrderForm((s) => s.timeInForce === 'po');
  const set = useOrderForm((s) => s.set);
  return (
    <div className="flex items-center gap-1">
      <span
        className="w-16 shrink-0 text-[12px] text-dim"
        title={t(po ? 'entry.bestNthOwn' : 'entry.bestNthOpp')}
      >
        {t('entry.bestNth')}
      </span>
      {['1', '2', '3', '4', '5'].map((v) => (
        <button
          key={v}
          type="button"
          data-testid={`bestnth-${v}`}
          onClick={() => set({ bestNth: v })}
          className={`h-6 flex-1 rounded border text-[11px] ${n === v ? 'border-accent text-accent' : 'border-line text-dim hover:text-fg'}`}
        >
          {v}
        </button>
      ))}
    </div>
  );
}
