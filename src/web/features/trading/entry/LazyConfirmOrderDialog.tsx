// The order confirmation loads after the first paint (issue 12, initial JS): fetched when the browser is
// idle (or when it is first asked for), then rendered like the eager dialog, in the same commit.
import { type ComponentProps, useEffect, useState } from 'react';
import type { ConfirmOrderDialog as Eager } from './ConfirmOrderDialog.js';

let loaded: typeof Eager | null = null;
let loading: Promise<typeof Eager> | null = null;
const load = () => {
  loading ??= import('./ConfirmOrderDialog.js').then(
    (m) => {
      loaded = m.ConfirmOrderDialog;
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

export function LazyConfirmOrderDialog(props: ComponentProps<typeof Eager>) {
  const [Dialog, setDialog] = useState(() => loaded);
  useEffect(() => {
    if (Dialog) return;
    let live = true;
    const get = () => {
      load().then(
        (c) => live && setDialog(() => c),
        () => undefined,
      );
    };
    if (props.open) get();
    const stop = whenIdle(get);
    return () => {
      live = false;
      stop();
    };
  }, [Dialog, props.open]);
  return Dialog ? <Dialog {...props} /> : null;
}
