// A piece of the screen that loads after the first paint (issue 12, initial JS): its module is fetched when
// the browser is idle, or as soon as a caller wants it, once for the whole page; a failed fetch is tried
// again on the next want. `idleLoader(load)` is made once at module level; `useLoadedWhenIdle(loader,
// wanted)` gives the loaded value, null until it has come.
import { useEffect, useState } from 'react';

export interface IdleLoader<C> {
  /** The value once loaded, else null. */
  readonly loaded: () => C | null;
  /** Starts the fetch (or joins the one under way). */
  readonly get: () => Promise<C>;
}

export function idleLoader<C>(load: () => Promise<C>): IdleLoader<C> {
  let loaded: C | null = null;
  let loading: Promise<C> | null = null;
  return {
    loaded: () => loaded,
    get: () => {
      loading ??= load().then(
        (c) => {
          loaded = c;
          return c;
        },
        (e: unknown) => {
          loading = null;
          throw e;
        },
      );
      return loading;
    },
  };
}

function whenIdle(fn: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, { timeout: 3000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 1000);
  return () => clearTimeout(id);
}

export function useLoadedWhenIdle<C>(loader: IdleLoader<C>, wanted: boolean): C | null {
  const [value, setValue] = useState(loader.loaded);
  useEffect(() => {
    if (value) return;
    let live = true;
    const fetch = () => {
      loader.get().then(
        (c) => live && setValue(() => c),
        () => undefined,
      );
    };
    if (wanted) fetch();
    const stop = whenIdle(fetch);
    return () => {
      live = false;
      stop();
    };
  }, [loader, value, wanted]);
  return value;
}
