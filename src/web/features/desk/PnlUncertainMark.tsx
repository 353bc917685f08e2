// Beside a day P&L figure: the flow lists the proxy's sampler could not read in its last round. A
// deposit among them would count as profit, so the figure is marked uncertain and the lists are named.
import type { SampledList } from '../../../core/desk/unread.js';
import { useT } from '../../lib/i18n.js';

export function PnlUncertainMark(props: {
  lists: readonly SampledList[] | readonly string[];
  testId?: string;
}) {
  const t = useT();
  if (props.lists.length === 0) return null;
  const names = props.lists.map((l) => t(`desk.unread.${l}`)).join(', ');
  const title = `${t('desk.flowsIncomplete')}: ${names}`;
  return (
    <span
      className="ml-[0.4em] inline-flex items-center gap-[0.2em] rounded bg-warn/15 px-[0.35em] align-middle text-[0.55em] font-medium text-warn"
      title={title}
      data-testid={props.testId ?? 'pnl-uncertain'}
      data-lists={props.lists.join(',')}
    >
      ⚠ {t('desk.flowsIncompleteShort')}
    </span>
  );
}
