// The pre-trade check loads after the first paint, like the order confirmation (issue 12, initial JS): it is
// fetched when the browser is idle or as soon as a draft needs it; until then an empty box of the panel's
// height holds its place, so nothing moves when it arrives.
import type { ComponentProps } from 'react';
import { idleLoader, useLoadedWhenIdle } from '../../lib/loadWhenIdle.js';
import type { PreTradePanel as Eager } from './PreTradePanel.js';

const panel = idleLoader<typeof Eager>(() => import('./PreTradePanel.js').then((m) => m.PreTradePanel));

export function LazyPreTradePanel(props: ComponentProps<typeof Eager>) {
  const Panel = useLoadedWhenIdle(panel, !!props.draft);
  return Panel ? (
    <Panel {...props} />
  ) : (
    <div className="h-[77px] shrink-0 border-t border-line" data-testid={`pt-panel-${props.slot}`} />
  );
}
