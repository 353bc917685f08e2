// Says in place what a private-stream gap left unread: older than the exchange's 36-hour history, too
// much to read back, or reads that failed. Shown in the open-orders and fills panels until dismissed.

import { useTimeFormat } from '../format.js';
import { useT } from '../i18n.js';
import { useGapNotice } from './hooks.js';

export function GapNoticeLine(props: { profileId: string | null; accountSeq: number }) {
  const t = useT();
  const tf = useTimeFormat();
  const { notice, dismiss } = useGapNotice(props.profileId, props.accountSeq);
  if (!notice) return null;
  return (
    <div
      role="status"
      data-testid="gap-notice"
      className="flex items-start gap-2 border-b border-warn/50 bg-warn/10 px-2 py-1 text-[12px] text-warn"
    >
      <span className="flex-1">
        {t(`gap.${notice.kind}`, { since: tf.dateTime(notice.since), code: notice.code ?? '' })}
      </span>
      <button
        type="button"
        className="text-dim hover:text-fg"
        onClick={dismiss}
        aria-label={t('gap.dismiss')}
      >
        ×
      </button>
    </div>
  );
}
