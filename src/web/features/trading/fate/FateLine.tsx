// The ticket's result line: the fate of the order sent last, as a sentence; the code in small print.
import { fateTone } from '../../../../core/orderFate.js';
import { useFates } from '../../../lib/orders/fateStore.js';
import { usePrefs } from '../../../store/prefs.js';
import { fateSentence } from './tell.js';

const TONE = {
  ok: 'bg-emerald-500/10 text-emerald-500',
  info: 'bg-accent/10 text-accent',
  warn: 'bg-warn/10 text-warn',
  error: 'bg-danger/10 text-danger',
} as const;

export function FateLine() {
  const lang = usePrefs((s) => s.language);
  const r = useFates((s) => (s.lastCoid ? s.byCoid[s.lastCoid] : undefined));
  if (!r) return null;
  if (r.fate === 'sending') return null;
  const tone = fateTone(r.fate);
  const s = fateSentence(lang, r);
  const good = tone === 'ok' || tone === 'info';
  return (
    <div
      role="status"
      data-testid={good ? 'order-result-ok' : 'order-result-error'}
      data-fate={r.fate}
      className={`min-w-0 rounded px-2 py-1 text-[12px] ${TONE[tone]}`}
    >
      <div className="font-semibold break-words">{s.title}</div>
      <div className="break-words opacity-90">{s.body}</div>
      {s.code && (
        <code className="block truncate font-mono text-[10px] opacity-75" title={s.code}>
          {s.code}
        </code>
      )}
    </div>
  );
}
