// The pre-trade check in the ticket: three fixed-height lines (so the form never jumps as warnings come
// and go), live with the book. Market and best orders: expected average price and slippage; limit orders:
// distance from the last price and what fills at once. The third line is the first warning (all of them in
// its tooltip and, in full, in the confirmation).
import type { PreTradeResult } from '../../../core/preTrade/types.js';
import { formatNumber } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { avgText, pctText, sentenceOf, trimZeros, type Units } from './sentences.js';
import type { PreTradeSlot } from './state.js';
import { type PreTradeDraft, usePreTradeCheck } from './usePreTradeCheck.js';

/** The panel's box, also the placeholder's while the check loads: the same height whatever it says. */
export const PANEL_BOX = 'h-[77px] shrink-0 overflow-hidden border-t border-line pt-1';

export interface PreTradePanelProps {
  slot: PreTradeSlot;
  symbol: string;
  draft: PreTradeDraft | null;
  units: Units;
}

function Line(props: { label: string; value: string; testId: string; tone?: string }) {
  return (
    <div className="flex h-5 items-center justify-between gap-2 text-[12px]">
      <span className="shrink-0 text-dim">{props.label}</span>
      <span className={`num truncate ${props.tone ?? ''}`} data-testid={props.testId}>
        {props.value}
      </span>
    </div>
  );
}

function figures(r: PreTradeResult | null, limit: boolean, u: Units, t: ReturnType<typeof useT>) {
  const e = r?.estimate;
  if (limit) {
    const from = e?.fromLastPct;
    const at =
      e?.marketable && e.avgPrice
        ? `${trimZeros(formatNumber(e.filledQty, { dp: 8, rounding: 'down' }))} ${u.base.toUpperCase()} @ ${avgText(e.avgPrice, e.bestPrice)}`
        : e
          ? t('pt.none')
          : '-';
    return [
      {
        label: t('pt.fromLast'),
        value: from ? `${from.startsWith('-') ? '' : '+'}${from}%` : '-',
        id: 'pt-fromlast',
      },
      { label: t('pt.immediate'), value: at, id: 'pt-immediate' },
    ];
  }
  const slip =
    e?.slippagePct != null && e.slippageQuote != null
      ? `${pctText(e.slippagePct)}% · ${formatNumber(e.slippageQuote, { dp: u.quoteDp })} ${u.quote.toUpperCase()}`
      : '-';
  return [
    { label: t('pt.avg'), value: e?.avgPrice ? avgText(e.avgPrice, e.bestPrice) : '-', id: 'pt-avg' },
    { label: t('pt.slippage'), value: slip, id: 'pt-slippage' },
  ];
}

export function PreTradePanel(props: PreTradePanelProps) {
  const t = useT();
  const { result, live } = usePreTradeCheck(props.slot, props.symbol, props.draft);
  const limit = props.draft?.orderType === 'limit';
  const warnings = result?.warnings ?? [];
  const sentences = warnings.map((w) => sentenceOf(t, w, props.units));
  const status = !props.draft
    ? ''
    : !live
      ? t('pt.waiting')
      : sentences.length
        ? sentences[0]!
        : result
          ? t('pt.ok')
          : '';
  return (
    <div
      className={PANEL_BOX}
      data-testid={`pt-panel-${props.slot}`}
      data-warnings={warnings.map((w) => w.code).join(' ')}
      aria-live="polite"
    >
      {figures(result, limit, props.units, t).map((f) => (
        <Line key={f.id} label={f.label} value={f.value} testId={f.id} />
      ))}
      <div
        className={`flex h-8 items-start gap-1 text-[11px] leading-4 ${sentences.length ? 'text-warn' : 'text-dim'}`}
        title={sentences.join('\n')}
        data-testid="pt-status"
      >
        <span className="line-clamp-2 min-w-0 flex-1">
          {sentences.length ? '⚠ ' : ''}
          {status}
        </span>
        {sentences.length > 1 && (
          <span className="shrink-0 rounded bg-warn/15 px-1 text-[10px]">
            {t('pt.more', { n: sentences.length - 1 })}
          </span>
        )}
      </div>
    </div>
  );
}
