// Hooks that turn a panel's inputs into a Freshness (see freshness.ts), re-evaluated each second.
import { useSyncExternalStore } from 'react';
import { type Stream, useKeyProblem, useStreamStatus } from '../ws.js';
import { type Freshness, freshnessOf } from './freshness.js';
import { useHealth } from './health.js';

/** Budgets: a stream is judged by its state (the proxy pings upstream and reports a silent one as interrupted,
 * and a quiet market is not stale); a polled REST panel is stale after 30 s without a good answer. */
export const STREAM_BUDGET_MS = Number.POSITIVE_INFINITY;
export const REST_BUDGET_MS = 30_000;

const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribeClock(cb: () => void) {
  listeners.add(cb);
  if (!timer) {
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, 1000);
  }
  return () => {
    listeners.delete(cb);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** The current time, ticking once a second (one shared timer). */
export function useNow(): number {
  return useSyncExternalStore(subscribeClock, () => now);
}

/**
 * A stream-fed panel: down while the stream reconnects or the proxy is gone. No clock: it re-renders only
 * when the state changes (hot panels such as the book stay cheap).
 */
export function useStreamFreshness(stream: Stream | null): Freshness {
  const status = useStreamStatus(stream);
  const key = useKeyProblem(stream);
  const proxy = useHealth((s) => s.proxy);
  const last = stream?.lastFrameAt || null;
  return freshnessOf({
    updatedAt: last,
    budgetMs: STREAM_BUDGET_MS,
    stream: stream ? status : null,
    keyProblem: key?.code ?? null,
    proxy,
    now: 0,
  });
}

export interface QueryLike {
  dataUpdatedAt: number;
  errorUpdatedAt: number;
  isError: boolean;
}

/** A REST panel (TanStack query), optionally kept live by a stream. */
export function useQueryFreshness(
  q: QueryLike,
  opts: { budgetMs?: number; stream?: Stream | null } = {},
): Freshness {
  const proxy = useHealth((s) => s.proxy);
  const status = useStreamStatus(opts.stream ?? null);
  const key = useKeyProblem(opts.stream ?? null);
  const t = useNow();
  const updatedAt = q.dataUpdatedAt > 0 ? q.dataUpdatedAt : null;
  const failed = q.isError && q.errorUpdatedAt >= q.dataUpdatedAt;
  return freshnessOf({
    updatedAt,
    budgetMs: opts.budgetMs ?? REST_BUDGET_MS,
    stream: opts.stream ? status : null,
    keyProblem: key?.code ?? null,
    failed,
    proxy,
    now: t,
  });
}
