import type { ReactNode } from 'react';

export function EmptyState(props: { children?: ReactNode; testId?: string }) {
  return (
    <div
      data-testid={props.testId}
      className="flex h-full min-h-16 items-center justify-center p-4 text-[12px] text-dim"
    >
      {props.children ?? '—'}
    </div>
  );
}
