// Uncertain figures, told: a small badge beside a figure (hover names the reasons) and the list of
// reasons with their sentence above the table. Reasons come from the report (cost unknown, a ledger
// gap, ...) and from the ledger status (a list the last sync could not read).
import type { UncertainReason } from '../../../core/pnl/types.js';
import { useT } from '../../lib/i18n.js';

export function UncertainBadge(props: { reasons: readonly string[]; extra?: number; testId?: string }) {
  const t = useT();
  const n = props.reasons.length + (props.extra ?? 0);
  if (n === 0) return null;
  return (
    <span
      className="ml-1.5 inline-flex shrink-0 items-center gap-0.5 rounded bg-warn/15 px-1 text-[10px] font-medium text-warn"
      title={props.reasons.map((r) => t(`pnl.reason.${r}`)).join('\n')}
      data-testid={props.testId ?? 'pnl-uncertain'}
      data-reasons={props.reasons.join(',')}
    >
      ⚠ {t('pnl.uncertain')}
    </span>
  );
}

export function UncertainNotes(props: {
  reasons: readonly UncertainReason[];
  unreadLists: readonly string[];
  onEnterCost?: () => void;
  /** One line of fixed height, always there (the page below never moves); hover shows each reason whole. */
  fixed?: { loaded: boolean };
}) {
  const t = useT();
  const none = props.reasons.length === 0 && props.unreadLists.length === 0;
  if (none && !props.fixed) return null;
  if (none) {
    return (
      <div
        className="flex h-6 shrink-0 items-center border-b border-line px-3 text-[11px] text-dim"
        data-testid="pnl-certain"
      >
        {props.fixed?.loaded ? `✓ ${t('pnl.certain')}` : ''}
      </div>
    );
  }
  const line = props.fixed
    ? 'h-6 flex-nowrap overflow-hidden whitespace-nowrap [&>span]:truncate'
    : 'flex-wrap py-1';
  return (
    <div
      className={`flex shrink-0 items-center gap-x-4 gap-y-0.5 border-b border-warn/40 bg-warn/10 px-3 text-[11px] text-warn ${line}`}
      role="note"
      title={[...props.reasons.map((r) => t(`pnl.reason.${r}`))].join('\n')}
      data-testid="pnl-uncertain-notes"
    >
      <span className="shrink-0 font-semibold">⚠ {t('pnl.uncertainTitle')}</span>
      {props.reasons.map((r) => (
        <span key={r} data-reason={r} className={r === 'costUnknown' ? 'shrink-0' : 'min-w-0'}>
          {t(`pnl.reason.${r}`)}
          {r === 'costUnknown' && props.onEnterCost && (
            <button
              type="button"
              className="ml-1 underline"
              onClick={props.onEnterCost}
              data-testid="cost-open-note"
            >
              {t('pnl.cost.enter')}
            </button>
          )}
        </span>
      ))}
      {props.unreadLists.length > 0 && (
        <span data-reason="unread">
          {t('pnl.reason.unread', { lists: props.unreadLists.map((l) => t(`pnl.list.${l}`)).join(', ') })}
        </span>
      )}
    </div>
  );
}
