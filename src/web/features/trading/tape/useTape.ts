import { useEffect, useSyncExternalStore } from 'react';
import { TradeStore } from './tradeStore.js';

/** The screen's single trade stream (the tape renders it; the chart folds it into the live candle). */
export const tapeStore = new TradeStore();

export function useTapeFeed(symbol: string) {
  useEffect(() => {
    tapeStore.start(symbol);
    return () => tapeStore.stop();
  }, [symbol]);
}

export function useTape() {
  return useSyncExternalStore(tapeStore.subscribe, tapeStore.getSnapshot);
}
