// The toast stack, bottom left (over the order rows' time column, never over their cancel buttons):
// tone stripe, sentence, the code in small print, a close button.
// A live region, so a screen reader reads each notice; it never takes the focus away from the form.
import { useT } from '../lib/i18n.js';
import { type ToastTone, useToasts } from '../store/toasts.js';

const STRIPE: Record<ToastTone, string> = {
  ok: 'border-l-emerald-500',
  info: 'border-l-accent',
  warn: 'border-l-warn',
  error: 'border-l-danger',
};

export function Toasts() {
  const t = useT();
  const toasts = useToasts((s) => s.toasts);
  const dismiss = useToasts((s) => s.dismiss);
  return (
    <section
      aria-live="polite"
      aria-label={t('toast.region')}
      className="pointer-events-none fixed bottom-3 left-3 z-50 flex w-[340px] flex-col gap-2"
      data-testid="toasts"
    >
      {toasts.map((x) => (
        <div
          key={x.id}
          role={x.tone === 'error' || x.tone === 'warn' ? 'alert' : 'status'}
          data-testid={x.testId ?? 'toast'}
          data-tone={x.tone}
          className={`pointer-events-auto flex items-start gap-2 rounded border border-line border-l-4 bg-panel px-3 py-2 text-[12px] shadow-xl ${STRIPE[x.tone]}`}
        >
          <div className="min-w-0 flex-1">
            <div className="font-semibold break-words">{x.title}</div>
            {x.body && <div className="mt-0.5 break-words text-dim">{x.body}</div>}
            {x.code && (
              <code className="mt-0.5 block truncate font-mono text-[10px] text-dim" title={x.code}>
                {x.code}
              </code>
            )}
          </div>
          <button
            type="button"
            className="shrink-0 text-dim hover:text-fg"
            aria-label={t('common.close')}
            onClick={() => dismiss(x.id)}
          >
            ✕
          </button>
        </div>
      ))}
    </section>
  );
}
