// How far a list can be read back and what the ledger could not cover (pure; docs/api-decisions.md,
// "Ledger"): myTrades answers only the last 36 hours, paged by startTime (inclusive) / endTime
// (exclusive) with at most 1000 rows a page, newest first (korbit-cli internal/ops/history.go); the
// funding and transfer lists answer their newest rows only (at most 100, no time paging).

export const TRADE_REACH_MS = 36 * 3600_000;
/** Asked a minute inside the window, so a clock difference never asks outside it. */
export const REACH_SAFETY_MS = 60_000;
/** Each read starts this far before the last one ended: myTrades and allOrders may lag seconds. */
export const OVERLAP_MS = 5 * 60_000;
export const TRADE_PAGE_LIMIT = 1000;
export const FUNDING_LIST_LIMIT = 100;

export interface Span {
  from: number;
  to: number;
}

export interface TradeWindow {
  /** startTime of the walk. */
  start: number;
  /** Set on the first read: the oldest time the ledger reaches for this list. */
  oldestReached?: number;
  /** The stretch between the last read and the oldest time the exchange still answers. */
  gap?: Span;
}

/** Where the next trade walk starts, given where the last one ended (null: never read). */
export function tradeWindow(syncedUntil: number | null, now: number, reachMs = TRADE_REACH_MS): TradeWindow {
  const reachStart = now - reachMs + REACH_SAFETY_MS;
  if (syncedUntil === null) return { start: reachStart, oldestReached: reachStart };
  const wanted = syncedUntil - OVERLAP_MS;
  if (wanted >= reachStart) return { start: wanted };
  return syncedUntil < reachStart
    ? { start: reachStart, gap: { from: syncedUntil, to: reachStart } }
    : { start: reachStart };
}

export interface RecentListRead {
  oldestReached?: number | null;
  gap?: Span;
}

/**
 * A newest-rows-only list (deposits, withdrawals, transfers): a full answer whose oldest row is newer
 * than the last read may have pushed rows out unseen, so that stretch is a gap. On the first read a full
 * answer reaches back to its oldest row; a short one holds everything the exchange keeps (null).
 */
export function recentListRead(
  syncedUntil: number | null,
  rowTimes: readonly number[],
  full: boolean,
): RecentListRead {
  const oldest = rowTimes.length ? Math.min(...rowTimes) : null;
  if (syncedUntil === null) return { oldestReached: full && oldest !== null ? oldest : null };
  if (full && oldest !== null && oldest > syncedUntil) return { gap: { from: syncedUntil, to: oldest } };
  return {};
}

export interface WindowStep {
  /** The window [from, to) is covered. */
  done: boolean;
  /** More rows at one millisecond than a page holds: the window cannot be covered (cursor stays). */
  incomplete?: boolean;
  /** A full page: read these two halves instead (newest first). */
  halves?: [Span, Span];
}

/**
 * After reading the window [from, to): a short page covers it; a full one may have left rows out, so the
 * window is split in two and each half read again. Splitting by time does not depend on the order the
 * exchange returns rows in (newest first is observed, not promised: korbit-cli internal/ops/history.go
 * re-detects it per page), and the rows read twice are de-duplicated by id.
 */
export function afterPage(rowCount: number, limit: number, w: Span): WindowStep {
  if (rowCount < limit) return { done: true };
  if (w.to - w.from <= 1) return { done: true, incomplete: true };
  const mid = w.from + Math.floor((w.to - w.from) / 2);
  return {
    done: false,
    halves: [
      { from: mid, to: w.to },
      { from: w.from, to: mid },
    ],
  };
}

/** What the status says about how far back each list reaches. */
export const REACH_NOTE = {
  ko: '체결 내역은 거래소가 최근 36시간만 조회를 허용합니다(1회 최대 1000건, 시간으로 나누어 조회). 입출금·계좌 간 이체 내역은 최근 항목만(최대 100건) 제공되어, 그 이전 기록은 장부에 없습니다.',
  en: 'The exchange answers fills for the last 36 hours only (up to 1000 per read, paged by time). Deposit, withdrawal and transfer lists hold their most recent rows only (up to 100), so anything older is not in the ledger.',
} as const;
