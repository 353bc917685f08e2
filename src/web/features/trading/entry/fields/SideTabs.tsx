import { useT } from '../../../../lib/i18n.js';
import { useOrderForm } from '../../../../lib/orders/orderFormStore.js';

export function SideTabs() {
  const t = useT();
  const side = useOrderForm((s) => s.side);
  const set = useOrderForm((s) => s.set);
  const cls = (active: boolean, tone: 'up' | 'down') =>
    `h-8 flex-1 text-[13px] font-semibold ${active ? (tone === 'up' ? 'bg-up text-white' : 'bg-down text-white') : 'bg-panel2 text-dim hover:text-fg'}`;
  return (
    <div className="flex overflow-hidden rounded border border-line" role="tablist">
      <button
        type="button"
        role="tab"
        aria-selected={side === 'buy'}
        data-testid="side-buy"
        className={cls(side === 'buy', 'up')}
        onClick={() => set({ side: 'buy', snapNote: null })}
      >
        {t('trade.buy')}
      </button>
      <button
        type="button"
        role="tab"
        aria-selected={side === 'sell'}
        data-testid="side-sell"
        className={cls(side === 'sell', 'down')}
        onClick={() => set({ side: 'sell', snapNote: null })}
      >
        {t('trade.sell')}
      </button>
    </div>
  );
}
