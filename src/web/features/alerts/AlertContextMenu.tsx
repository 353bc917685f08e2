// The chart's right-click menu: one action, "set a price alert at <price>"; Escape or any click elsewhere closes it.
import { useEffect, useRef } from 'react';
import { gt } from '../../../core/decimal.js';
import { formatNumber } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { useTicker } from '../../lib/market/useMarket.js';
import { BellIcon } from './BellIcon.js';
import { useAlertMenu } from './contextMenu.js';
import { typeForLevel } from './describe.js';
import { newLevelDraft, useAlertDialog } from './dialogStore.js';

const close = () => useAlertMenu.getState().show(null);

export function AlertContextMenu() {
  const at = useAlertMenu((s) => s.at);
  if (!at) return null;
  return <Menu at={at} />;
}

function Menu({ at }: { at: { x: number; y: number; symbol: string; price: string } }) {
  const t = useT();
  const ref = useRef<HTMLButtonElement>(null);
  const last = useTicker(at.symbol)?.close;
  useEffect(() => {
    ref.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    const onDown = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) close();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onDown, true);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onDown, true);
    };
  }, []);
  const type = typeForLevel(at.price, last, gt);
  return (
    <button
      ref={ref}
      type="button"
      data-testid="chart-alert-menu"
      style={{ left: Math.min(at.x, window.innerWidth - 260), top: at.y }}
      className="fixed z-50 flex items-center gap-1.5 rounded border border-line bg-panel px-3 py-1.5 text-[12px] text-fg shadow-xl hover:bg-panel2 focus:outline-none focus-visible:ring-1 focus-visible:ring-accent"
      onClick={() => {
        close();
        useAlertDialog.getState().open(newLevelDraft(at.symbol, at.price, type));
      }}
    >
      <BellIcon /> {t('alerts.menu', { price: formatNumber(at.price) })}
      <span className={type === 'above' ? 'text-up' : 'text-down'}>{type === 'above' ? '▲' : '▼'}</span>
    </button>
  );
}
