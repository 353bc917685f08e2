// The pre-trade check loads after the first paint, like the order confirmation (issue 12, initial JS): it is
// fetched when the browser is idle or as soon as a draft needs it; until then an empty box of the panel's
// height holds its place, so nothing moves when it arrives.
import { type ComponentProps, useEffect, useState } from 'react';
import type { PreTradePanel as Eager } from './PreTradePanel.js';

let loaded: typeof Eager | null = null;
let loading: Promise<typeof Eager> | null = null;
const load = () => {
  loading ??= import('./PreTradePanel.js').then(
    (m) => {
      loaded = m.PreTradePanel;
      return loaded;
    },
    (e: unknown) => {
      loading = null;
      throw e;
    },
  );
  return loading;
};

function whenIdle(fn: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, { timeout: 3000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 1000);
  return () => clearTimeout(id);
}

export function LazyPreTradePanel(props: ComponentProps<typeof Eager>) {
  const [Panel, setPanel] = useState(() => loaded);
  const wanted = !!props.draft;
  useEffect(() => {
    if (Panel) return;
    let live = true;
    const get = () => {
      load().then(
        (c) => live && setPanel(() => c),
        () => undefined,
      );
    };
    if (wanted) get();
    const stop = whenIdle(get);
    return () => {
      live = false;
      stop();
    };
  }, [Panel, wanted]);
  return Panel ? (
    <Panel {...props} />
  ) : (
    <div className="h-[77px] shrink-0 border-t border-line" data-testid={`pt-panel-${props.slot}`} />
  );
}
