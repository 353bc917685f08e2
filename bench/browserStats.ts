// Pure helpers for bench/browser.ts: percentiles, medians with spread, and main-thread busy time from a
// Chromium trace (top-level tasks of the renderer's main thread, overlapping intervals merged).

export function percentile(values: readonly number[], p: number): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const i = Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1));
  return s[i]!;
}

export interface Summary {
  median: number | null;
  min: number | null;
  max: number | null;
  runs: (number | null)[];
}

export function summarise(runs: readonly (number | null)[]): Summary {
  const ok = runs.filter((v): v is number => v !== null && Number.isFinite(v));
  const round = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
  return {
    median: round(percentile(ok, 50)),
    min: round(ok.length ? Math.min(...ok) : null),
    max: round(ok.length ? Math.max(...ok) : null),
    runs: runs.map(round),
  };
}

interface TraceEvent {
  name?: string;
  ph?: string;
  pid?: number;
  tid?: number;
  ts?: number;
  dur?: number;
  cat?: string;
  args?: { name?: string };
}

/**
 * Fraction (0..1) of the trace window the renderer main thread spent in top-level tasks. The renderer is the
 * CrRendererMain thread with the most task time (one page is open).
 */
export function mainThreadBusy(trace: { traceEvents?: TraceEvent[] } | TraceEvent[]): number | null {
  return busiestMainThread(trace).busy;
}

/** The renderer main thread with the most top-level task time ('pid:tid') and its busy share (0..1). */
export function busiestMainThread(trace: { traceEvents?: TraceEvent[] } | TraceEvent[]): {
  busy: number | null;
  thread: string | null;
} {
  const events = Array.isArray(trace) ? trace : (trace.traceEvents ?? []);
  const mains = new Set<string>();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      mains.add(`${e.pid}:${e.tid}`);
  const byThread = new Map<string, [number, number][]>();
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const e of events) {
    if (typeof e.ts !== 'number' || e.ph === 'M') continue;
    lo = Math.min(lo, e.ts);
    hi = Math.max(hi, e.ts + (e.dur ?? 0));
    const key = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || !mains.has(key) || !e.name?.includes('RunTask')) continue;
    const list = byThread.get(key) ?? [];
    byThread.set(key, list);
    list.push([e.ts, e.ts + (e.dur ?? 0)]);
  }
  if (!(hi > lo)) return { busy: null, thread: null };
  let best = 0;
  let thread: string | null = null;
  for (const [key, list] of byThread) {
    const len = mergedLength(list);
    if (len > best) {
      best = len;
      thread = key;
    }
  }
  return { busy: best / (hi - lo), thread };
}

/** Total length of the union of intervals. */
export function mergedLength(intervals: [number, number][]): number {
  const s = [...intervals].sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = Number.NEGATIVE_INFINITY;
  for (const [a, b] of s) {
    if (b <= end) continue;
    total += b - Math.max(a, end);
    end = b;
  }
  return total;
}
