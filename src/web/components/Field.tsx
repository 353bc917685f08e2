import type { InputHTMLAttributes, ReactNode } from 'react';

/** Labelled input row: label on the left, input with an optional unit suffix, hint/error below. */
export function Field({
  label,
  suffix,
  hint,
  error,
  className,
  inputClassName,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode;
  suffix?: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  inputClassName?: string;
}) {
  return (
    <div className={className}>
      <label className="flex h-9 items-center rounded border border-line bg-panel2 focus-within:border-accent">
        <span className="w-16 shrink-0 pl-2 text-[12px] text-dim">{label}</span>
        <input
          className={`num h-full min-w-0 flex-1 bg-transparent px-2 text-right text-[13px] text-fg outline-none ${inputClassName ?? ''}`}
          autoComplete="off"
          spellCheck={false}
          {...input}
        />
        {suffix && <span className="shrink-0 pr-2 text-[11px] text-dim uppercase">{suffix}</span>}
      </label>
      {error ? (
        <p className="mt-0.5 text-[11px] text-danger" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className="mt-0.5 text-[11px] text-warn">{hint}</p>
      ) : null}
    </div>
  );
}
