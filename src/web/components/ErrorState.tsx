import { ApiError } from '../../core/errors.js';

/** Shows an error with its symbolic code (ApiError) and an optional retry button. */
export function ErrorState(props: {
  error: unknown;
  onRetry?: () => void;
  retryLabel?: string;
  compact?: boolean;
}) {
  const e = props.error;
  const code = e instanceof ApiError ? e.code : null;
  const msg = e instanceof ApiError ? e.description : e instanceof Error ? e.message : String(e);
  return (
    <div
      role="alert"
      className={`flex items-center justify-center gap-2 text-[12px] ${props.compact ? 'p-1' : 'h-full min-h-16 p-4'}`}
    >
      {code && <code className="rounded bg-danger/15 px-1.5 py-0.5 font-mono text-danger">{code}</code>}
      <span className="text-dim">{msg}</span>
      {props.onRetry && (
        <button type="button" className="text-accent underline" onClick={props.onRetry}>
          {props.retryLabel ?? 'Retry'}
        </button>
      )}
    </div>
  );
}
