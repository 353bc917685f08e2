// Reading a history endpoint (/v2/allOrders, /v2/myTrades) back to a point in time, and the gap a
// private-stream outage leaves. Facts from the vendor's client (korbit-cli internal/ops/history.go,
// internal/stream/backfill.go; docs/api-decisions.md "Private-stream gaps"): pages of limit=1000,
// newest first; a full page may have cut the OLDEST rows, so the next page sets endTime to the page's
// oldest timestamp + 1 (endTime is exclusive: pages overlap rather than skip; the overlap is deduped);
// a short page, or a full page already reaching the start, covers the window; at most 20 pages, else
// the walk says it is incomplete. History is kept 36 hours: a gap older than that cannot be filled.
// The gap starts 60 s before the stream went down (absorbs clock slop; duplicates are deduped).

export const HISTORY_PAGE_LIMIT = 1000;
export const MAX_HISTORY_PAGES = 20;
export const HISTORY_WINDOW_MS = 36 * 60 * 60 * 1000;
export const GAP_OVERLAP_MS = 60_000;

export interface PageRequest {
  startTime: number;
  endTime?: number;
  limit: number;
}

export type PageStep = { done: true; complete: boolean } | { done: false; next: PageRequest };

/** What to ask after a page answered `times` (the rows' timestamps, in the order received). */
export function nextPage(req: PageRequest, times: readonly number[]): PageStep {
  if (times.length < req.limit) return { done: true, complete: true };
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const t of times) {
    if (!Number.isFinite(t) || t <= 0) return { done: true, complete: false }; // cannot page without times
    min = Math.min(min, t);
    max = Math.max(max, t);
  }
  const first = times[0] as number;
  const last = times[times.length - 1] as number;
  if (last > first) {
    // oldest first (not the observed order, but not promised either): the NEWEST rows were cut
    if (max <= req.startTime) return { done: true, complete: false };
    return { done: false, next: { ...req, startTime: max } };
  }
  if (min <= req.startTime) return { done: true, complete: true };
  const endTime = min + 1;
  if (req.endTime !== undefined && endTime >= req.endTime) return { done: true, complete: false };
  return { done: false, next: { ...req, endTime } };
}

export interface WalkResult<T> {
  rows: T[];
  /** False when the window could not be covered (page cap, rows without times, no progress). */
  complete: boolean;
}

/**
 * Walks a history endpoint from now back to `startTime` (inclusive). `fetchPage` does the I/O; rows are
 * deduped by `idOf` (pages overlap at their boundary) and returned newest first.
 */
export async function walkHistory<T>(
  fetchPage: (req: PageRequest) => Promise<readonly T[]>,
  startTime: number,
  timeOf: (row: T) => number,
  idOf: (row: T) => number | string,
  opts: { limit?: number; maxPages?: number } = {},
): Promise<WalkResult<T>> {
  const byId = new Map<number | string, T>();
  let req: PageRequest = { startTime, limit: opts.limit ?? HISTORY_PAGE_LIMIT };
  let complete = false;
  for (let page = 0; page < (opts.maxPages ?? MAX_HISTORY_PAGES); page++) {
    const rows = await fetchPage(req);
    for (const r of rows) if (timeOf(r) >= startTime && !byId.has(idOf(r))) byId.set(idOf(r), r);
    const step = nextPage(req, rows.map(timeOf));
    if (step.done) {
      complete = step.complete;
      break;
    }
    req = step.next;
  }
  return { rows: [...byId.values()].sort((a, b) => timeOf(b) - timeOf(a)), complete };
}

export interface GapPlan {
  /** Walk the history back to this time (server clock). */
  startTime: number;
  /** False when the gap reaches past the history window: what happened in it cannot all be read. */
  viable: boolean;
}

/**
 * The window to read after a gap: from `downSince - GAP_OVERLAP_MS` (but not before `watchedSince`,
 * when the account's stream first opened: older fills were never missed) to now. Times are server
 * times (local time plus the measured offset).
 */
export function planGap(o: { downSince: number; now: number; watchedSince?: number }): GapPlan {
  const from = o.downSince - GAP_OVERLAP_MS;
  const viable = o.now - from < HISTORY_WINDOW_MS;
  const floor = Math.max(o.watchedSince ?? from, o.now - HISTORY_WINDOW_MS);
  return { startTime: Math.max(from, floor), viable };
}
