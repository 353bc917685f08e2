import type { ReactNode } from 'react';

export function Panel(props: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  bodyClassName?: string;
  testId?: string;
}) {
  return (
    <section
      data-testid={props.testId}
      className={`flex min-h-0 min-w-0 flex-col overflow-hidden border border-line bg-panel ${props.className ?? ''}`}
    >
      {(props.title || props.actions) && (
        <header className="flex h-8 shrink-0 items-center justify-between gap-2 border-b border-line px-2">
          <h2 className="truncate text-[12px] font-semibold text-fg">{props.title}</h2>
          <div className="flex items-center gap-1">{props.actions}</div>
        </header>
      )}
      <div className={`min-h-0 flex-1 ${props.bodyClassName ?? 'overflow-auto'}`}>{props.children}</div>
    </section>
  );
}
