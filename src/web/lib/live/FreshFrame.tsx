// Wraps a REST list: dims it and pins the stale / reconnecting mark in its top-right corner (absolute,
// so nothing moves) when its data is not current. Nothing is shown while it is current.
import type { ReactNode } from 'react';
import { dimClass, StaleMark } from './StaleMark.js';
import { type QueryLike, REST_BUDGET_MS, useQueryFreshness } from './useFreshness.js';

export function FreshFrame(props: { q: QueryLike; budgetMs?: number; testId?: string; children: ReactNode }) {
  const f = useQueryFreshness(props.q, { budgetMs: props.budgetMs ?? REST_BUDGET_MS });
  const off = f.state === 'stale' || f.state === 'down';
  return (
    <div className="relative min-h-0" data-fresh={f.state}>
      <div className={dimClass(f)}>{props.children}</div>
      {off && (
        <div className="pointer-events-none absolute top-1 right-2 z-10">
          <StaleMark f={f} testId={props.testId ?? 'list-fresh'} />
        </div>
      )}
    </div>
  );
}

/** True when a list query object carries TanStack's timestamps (it is a real query result). */
export function isQueryLike(q: unknown): q is QueryLike {
  return typeof (q as Partial<QueryLike> | null)?.dataUpdatedAt === 'number';
}
