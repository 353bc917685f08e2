// Tells a fate: the sentence (Korean or English) for the toast and the ticket's result line.
import { fateTone } from '../../../../core/orderFate.js';
import { errorSentence } from '../../../lib/errorText.js';
import { formatNumber } from '../../../lib/format.js';
import { translate } from '../../../lib/i18n.js';
import type { FateRecord } from '../../../lib/orders/fateStore.js';
import { getPrefs } from '../../../store/prefs.js';
import { pushToast } from '../../../store/toasts.js';

/** "BTC/KRW 매수 지정가" */
export function orderLabel(lang: 'ko' | 'en', r: Pick<FateRecord, 'symbol' | 'side' | 'orderType'>): string {
  return `${r.symbol.replace('_', '/').toUpperCase()} ${translate(lang, `trade.${r.side}`)} ${translate(lang, `entry.type.${r.orderType}`)}`;
}

/** Title and sentence of a fate, plus the code in small print. */
export function fateSentence(
  lang: 'ko' | 'en',
  r: FateRecord,
): { title: string; body: string; code?: string } {
  const id = r.orderId !== undefined ? `#${r.orderId}` : r.clientOrderId;
  const title = `${translate(lang, `fate.title.${r.fate}`)} · ${orderLabel(lang, r)}`;
  const body = translate(lang, `fate.body.${r.fate}`, {
    id,
    filled: formatNumber(r.filledQty ?? '0', { dp: 8 }),
    base: r.symbol.split('_')[0]?.toUpperCase() ?? '',
  });
  if (r.fate === 'rejected' && r.code)
    return { title, body: errorSentence(lang, r.code, r.detail), code: r.code };
  return { title, body, code: r.code };
}

/** Toasts the record's fate; a later fate of the same order replaces the earlier toast. */
export function toastFate(r: FateRecord) {
  const lang = getPrefs().language;
  const s = fateSentence(lang, r);
  pushToast({
    key: `order-${r.clientOrderId}`,
    tone: fateTone(r.fate),
    title: s.title,
    body: s.body,
    code: s.code,
    ttlMs: r.fate === 'uncertain' ? 0 : undefined,
    testId: `toast-fate-${r.fate}`,
  });
}
