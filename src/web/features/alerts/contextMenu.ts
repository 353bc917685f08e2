// Right-click on the price chart: a one-item menu "set an alert at <price>" (the price under the pointer,
// snapped to the pair's tick). The chart calls the hook; the menu itself is drawn by <AlertContextMenu/>.
import { type RefObject, useEffect } from 'react';
import { create } from 'zustand';
import { snapToTick, type TickRange } from '../../../core/tick.js';
import type { ChartHandles } from '../../lib/chart/useChart.js';

interface MenuState {
  at: { x: number; y: number; symbol: string; price: string } | null;
  show: (at: MenuState['at']) => void;
}

export const useAlertMenu = create<MenuState>()((set) => ({ at: null, show: (at) => set({ at }) }));

export function useAlertContextMenu(
  h: ChartHandles | null,
  box: RefObject<HTMLDivElement | null>,
  symbol: string,
  ranges: readonly TickRange[] | undefined,
): void {
  useEffect(() => {
    const el = box.current;
    if (!h || !el) return;
    const onMenu = (e: MouseEvent) => {
      const y = e.clientY - el.getBoundingClientRect().top;
      const p = h.candles.coordinateToPrice(y);
      if (p === null || !(p > 0)) return; // outside the price scale: the browser's menu
      e.preventDefault();
      const raw = p.toFixed(8); // the chart edge speaks numbers; a decimal string from here on
      const price = ranges?.length ? snapToTick(ranges, raw, 'nearest') : raw;
      useAlertMenu.getState().show({ x: e.clientX, y: e.clientY, symbol, price });
    };
    el.addEventListener('contextmenu', onMenu);
    return () => el.removeEventListener('contextmenu', onMenu);
  }, [h, box, symbol, ranges]);
}
