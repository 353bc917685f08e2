import { useEffect, useState, useSyncExternalStore } from 'react';
import { BookStore } from './bookStore.js';

let early: BookStore | null = null;

/**
 * Subscribes the book at boot, before the session answers and the screen renders (app/startup.ts); the first
 * useBook adopts it, so the snapshot is often there by the time the ladder mounts.
 */
export function startBookEarly(symbol: string, level: string | null) {
  early?.stop();
  early = new BookStore();
  early.start(symbol, level);
}

/** Drops the boot subscription if no screen adopted it (the session was refused: nothing will render it). */
export function stopBookEarly() {
  early?.stop();
  early = null;
}

/** The live ladder of one symbol at one grouping level (null = ungrouped). */
export function useBook(symbol: string, level: string | null) {
  const [store] = useState(() => {
    const s = early ?? new BookStore();
    early = null;
    return s;
  });
  useEffect(() => {
    store.ensure(symbol, level);
    return () => store.stop();
  }, [store, symbol, level]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
