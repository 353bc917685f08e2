// The order confirmation loads after the first paint (issue 12, initial JS): fetched when the browser is
// idle (or when it is first asked for), then rendered like the eager dialog, in the same commit. The
// pre-trade warnings list it shows comes in the same load, from the pre-trade feature's door.
import type { ComponentProps, ReactNode } from 'react';
import { idleLoader, useLoadedWhenIdle } from '../../../lib/loadWhenIdle.js';
import { loadPreTradeList } from '../../pre-trade/index.js';
import type { ConfirmOrderDialog as Eager } from './ConfirmOrderDialog.js';

type Props = Omit<ComponentProps<typeof Eager>, 'PreTradeList'>;
type Loaded = (props: Props) => ReactNode;

const dialog = idleLoader<Loaded>(() =>
  Promise.all([import('./ConfirmOrderDialog.js'), loadPreTradeList()]).then(([m, l]) => {
    const { ConfirmOrderDialog } = m;
    const { PreTradeList } = l;
    return (props: Props) => <ConfirmOrderDialog {...props} PreTradeList={PreTradeList} />;
  }),
);

export function LazyConfirmOrderDialog(props: Props) {
  const Dialog = useLoadedWhenIdle(dialog, props.open);
  return Dialog ? <Dialog {...props} /> : null;
}
