// Time-range paging over allOrders / myTrades: both are newest-first, capped at `limit`, and only cover the
// last 36 hours. A page is [windowStart, endTime); the next (older) page ends at the oldest record shown.
export const WINDOW_MS = 36 * 3600_000;

export interface PageCursor {
  startTime: number;
  /** Exclusive end; undefined = now. */
  endTime?: number;
}

export function firstPage(now: number): PageCursor {
  return { startTime: now - WINDOW_MS + 60_000 };
}

/**
 * The cursor of the next older page, or null when this page was not full (nothing older in the window).
 * Records sharing the boundary millisecond are re-fetched rather than lost: endTime is exclusive, so the
 * next page ends at oldest + 1 and the caller drops ids already seen.
 */
export function olderPage(
  cur: PageCursor,
  page: readonly { createdAt: number }[],
  limit: number,
): PageCursor | null {
  if (page.length < limit) return null;
  const oldest = Math.min(...page.map((r) => r.createdAt));
  if (oldest <= cur.startTime) return null;
  // No progress (a whole page within one millisecond): step past it rather than loop.
  const endTime = cur.endTime !== undefined && oldest + 1 >= cur.endTime ? oldest : oldest + 1;
  return { startTime: cur.startTime, endTime };
}
