import { useT } from '../../../../lib/i18n.js';
import { useOrderForm } from '../../../../lib/orders/orderFormStore.js';

/** Price protection (pp) on taker fills, with its distance from mid (ppPercent 1-100, default 5). */
export function ProtectionField() {
  const t = useT();
  const pp = useOrderForm((s) => s.pp);
  const pct = useOrderForm((s) => s.ppPercent);
  const set = useOrderForm((s) => s.set);
  return (
    <div className="flex h-6 items-center gap-2 text-[12px]">
      <label className="flex cursor-pointer items-center gap-1 text-dim" title={t('entry.ppHelp')}>
        <input
          type="checkbox"
          data-testid="pp-check"
          checked={pp}
          onChange={(e) => set({ pp: e.target.checked })}
        />
        {t('entry.pp')}
      </label>
      {pp && (
        <label className="flex items-center gap-1 text-dim">
          <input
            data-testid="pp-percent"
            className="num h-6 w-12 rounded border border-line bg-panel2 px-1 text-right text-fg outline-none focus:border-accent"
            value={pct}
            onChange={(e) => set({ ppPercent: e.target.value.replace(/\D/g, '').slice(0, 3) })}
          />
          %
        </label>
      )}
    </div>
  );
}
