// The pre-trade check in the confirmation step: every warning as a full sentence, live with the book, and
// (with blocking on in Settings) the reason the confirm button is disabled.
import { formatNumber } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { usePrefs } from '../../store/prefs.js';
import { avgText, pctText, sentenceOf, type Units } from './sentences.js';
import { isBlockedBy, type PreTradeSlot, usePreTradeResult } from './state.js';

export function PreTradeList(props: { slot: PreTradeSlot; units: Units }) {
  const t = useT();
  const r = usePreTradeResult(props.slot);
  const block = usePrefs((s) => s.ptBlock);
  const e = r?.estimate;
  if (!r || (r.warnings.length === 0 && !e?.avgPrice)) return null;
  const Q = props.units.quote.toUpperCase();
  return (
    <div className="mb-2 space-y-1" data-testid={`pt-list-${props.slot}`}>
      {e?.avgPrice && (
        <div className="text-[12px]" data-testid="pt-list-estimate">
          <div className="flex justify-between gap-2 py-0.5">
            <span className="shrink-0 text-dim">{t('pt.avg')}</span>
            <span className="num">{avgText(e.avgPrice, e.bestPrice)}</span>
          </div>
          {e.slippagePct != null && e.slippageQuote != null && (
            <div className="flex justify-between gap-2 py-0.5">
              <span className="shrink-0 text-dim">{t('pt.slippage')}</span>
              <span className="num">
                {pctText(e.slippagePct)}% · {formatNumber(e.slippageQuote, { dp: props.units.quoteDp })} {Q}
              </span>
            </div>
          )}
        </div>
      )}
      {r.warnings.map((w) => (
        <p
          key={w.code}
          className="rounded border border-warn/50 bg-warn/10 px-2 py-1 text-warn"
          data-testid="pt-warning"
          data-code={w.code}
        >
          {sentenceOf(t, w, props.units)}
        </p>
      ))}
      <p className="text-[11px] text-dim">{t('pt.estimate')}</p>
      <hr className="border-line" />
      {isBlockedBy(r, block) && (
        <p
          className="rounded bg-danger/10 px-2 py-1 text-[12px] text-danger"
          role="alert"
          data-testid="pt-blocked"
        >
          {t('pt.blocked')}
        </p>
      )}
    </div>
  );
}
