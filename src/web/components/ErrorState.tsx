import { ApiError } from '../../core/errors.js';
import { errorSentence } from '../lib/errorText.js';
import { usePrefs } from '../store/prefs.js';

/** Shows an error with its symbolic code (ApiError) and an optional retry button. */
export function ErrorState(props: {
  error: unknown;
  onRetry?: () => void;
  retryLabel?: string;
  compact?: boolean;
}) {
  const lang = usePrefs((s) => s.language);
  const e = props.error;
  const code = e instanceof ApiError ? e.code : null;
  // The sentence in the user's language; the code stays beside it in small print.
  const msg =
    e instanceof ApiError
      ? errorSentence(lang, e.code, e.description)
      : e instanceof Error
        ? e.message
        : String(e);
  return (
    <div
      role="alert"
      className={`flex items-center justify-center gap-2 text-[12px] ${props.compact ? 'p-1' : 'h-full min-h-16 p-4'}`}
    >
      <span className="text-dim">{msg}</span>
      {code && (
        <code className="rounded bg-danger/15 px-1 py-0.5 font-mono text-[10px] text-danger">{code}</code>
      )}
      {props.onRetry && (
        <button type="button" className="text-accent underline" onClick={props.onRetry}>
          {props.retryLabel ?? 'Retry'}
        </button>
      )}
    </div>
  );
}
