// How often REST-only views poll while on screen (TanStack pauses intervals in hidden tabs, and every
// view refetches when the tab becomes visible again). The API allows 50 private reads per second per
// account; a visible view polling a few lists every 3 s stays far below that.
export const LIVE_POLL_MS = 3_000;
/** While a funding record or transfer is still moving. */
export const PENDING_POLL_MS = 1_500;

const FINAL = new Set(['done', 'canceled', 'cancelled', 'failed', 'refunded', 'rejected', 'completed']);

/** refetchInterval for a list of records with a status: fast while one is pending, else the live poll. */
export function listPoll(q: { state: { data?: unknown } }): number {
  const data = q.state.data;
  if (!Array.isArray(data)) return LIVE_POLL_MS;
  const pending = data.some((r) => {
    const s = (r as { status?: unknown } | null)?.status;
    return typeof s === 'string' && !FINAL.has(s.toLowerCase());
  });
  return pending ? PENDING_POLL_MS : LIVE_POLL_MS;
}
