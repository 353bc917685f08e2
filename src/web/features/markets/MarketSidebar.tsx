import { useT } from '../../lib/i18n.js';
import { useScreenLayout } from '../../lib/layout/useScreenLayout.js';
import { MarketList } from './MarketList.js';

/** The market list column of the trading screen; folds to a thin strip to give the chart room. */
export function MarketSidebar() {
  const t = useT();
  // Open or folded is remembered per screen size (folded by default on narrow screens).
  const { layout, update } = useScreenLayout();
  const open = layout.marketsOpen;
  const set = (p: { open: boolean }) => update({ marketsOpen: p.open });
  if (!open) {
    return (
      <section className="flex w-6 shrink-0 flex-col items-center border-r border-line bg-panel pt-1">
        <button
          type="button"
          data-testid="markets-show"
          title={t('markets.show')}
          aria-label={t('markets.show')}
          onClick={() => set({ open: true })}
          className="rounded px-1 text-[11px] text-dim hover:bg-panel2 hover:text-fg"
        >
          ▶
        </button>
        <span className="mt-2 text-[11px] text-dim [writing-mode:vertical-rl]">{t('markets.title')}</span>
      </section>
    );
  }
  return (
    <section className="relative w-[264px] shrink-0 border-r border-line bg-panel">
      <MarketList />
      <button
        type="button"
        data-testid="markets-hide"
        title={t('markets.hide')}
        aria-label={t('markets.hide')}
        onClick={() => set({ open: false })}
        className="absolute top-1.5 right-1.5 rounded px-1 text-[11px] text-dim hover:bg-panel2 hover:text-fg"
      >
        ◀
      </button>
    </section>
  );
}
