// The order confirmation loads after the first paint (issue 12, initial JS): fetched when the browser is
// idle (or when it is first asked for), then rendered like the eager dialog, in the same commit. The
// pre-trade warnings list it shows comes in the same load, from the pre-trade feature's door.
import { type ComponentProps, type ReactNode, useEffect, useState } from 'react';
import { loadPreTradeList } from '../../pre-trade/index.js';
import type { ConfirmOrderDialog as Eager } from './ConfirmOrderDialog.js';

type Props = Omit<ComponentProps<typeof Eager>, 'PreTradeList'>;
type Loaded = (props: Props) => ReactNode;

let loaded: Loaded | null = null;
let loading: Promise<Loaded> | null = null;
const load = () => {
  loading ??= Promise.all([import('./ConfirmOrderDialog.js'), loadPreTradeList()]).then(
    ([m, l]) => {
      const { ConfirmOrderDialog } = m;
      const { PreTradeList } = l;
      loaded = (props: Props) => <ConfirmOrderDialog {...props} PreTradeList={PreTradeList} />;
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

export function LazyConfirmOrderDialog(props: Props) {
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
