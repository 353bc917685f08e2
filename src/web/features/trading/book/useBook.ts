import { useEffect, useState, useSyncExternalStore } from 'react';
import { BookStore } from './bookStore.js';

/** The live ladder of one symbol at one grouping level (null = ungrouped). */
export function useBook(symbol: string, level: string | null) {
  const [store] = useState(() => new BookStore());
  useEffect(() => {
    store.start(symbol, level);
    return () => store.stop();
  }, [store, symbol, level]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
