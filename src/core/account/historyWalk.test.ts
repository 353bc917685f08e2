import { describe, expect, it } from 'vitest';
import {
  GAP_OVERLAP_MS,
  HISTORY_WINDOW_MS,
  nextPage,
  type PageRequest,
  planGap,
  walkHistory,
} from './historyWalk.js';

/** A fake history endpoint over rows {id, t}: newest first, startTime inclusive, endTime exclusive. */
function endpoint(rows: { id: number; t: number }[], order: 'newest' | 'oldest' = 'newest') {
  const asked: PageRequest[] = [];
  const fetchPage = async (req: PageRequest) => {
    asked.push(req);
    const inRange = rows.filter(
      (r) => r.t >= req.startTime && (req.endTime === undefined || r.t < req.endTime),
    );
    inRange.sort((a, b) => (order === 'newest' ? b.t - a.t : a.t - b.t));
    return inRange.slice(0, req.limit);
  };
  return { fetchPage, asked };
}

const rowsAt = (times: number[]) => times.map((t, i) => ({ id: i + 1, t }));

describe('history walk', () => {
  it('a short page covers the window in one read', async () => {
    const e = endpoint(rowsAt([10, 20, 30]));
    const r = await walkHistory(
      e.fetchPage,
      15,
      (x) => x.t,
      (x) => x.id,
      { limit: 5 },
    );
    expect(r).toEqual({
      rows: [
        { id: 3, t: 30 },
        { id: 2, t: 20 },
      ],
      complete: true,
    });
    expect(e.asked).toHaveLength(1);
  });

  it('walks full pages back with endTime = oldest + 1 until the start, every row once', async () => {
    const times = Array.from({ length: 23 }, (_, i) => 100 + i * 10); // 100..320
    const e = endpoint(rowsAt(times));
    const r = await walkHistory(
      e.fetchPage,
      100,
      (x) => x.t,
      (x) => x.id,
      { limit: 5 },
    );
    expect(r.complete).toBe(true);
    expect(r.rows.map((x) => x.t)).toEqual([...times].reverse());
    expect(e.asked[1]).toEqual({ startTime: 100, limit: 5, endTime: 281 }); // oldest of page 1 (280) + 1
  });

  it('stops when a full page already reaches the start', () => {
    expect(nextPage({ startTime: 50, limit: 3 }, [70, 60, 50])).toEqual({ done: true, complete: true });
  });

  it('says incomplete at the page cap, without times, or without progress', async () => {
    const e = endpoint(rowsAt(Array.from({ length: 30 }, (_, i) => 100 + i)));
    const capped = await walkHistory(
      e.fetchPage,
      0,
      (x) => x.t,
      (x) => x.id,
      { limit: 5, maxPages: 2 },
    );
    expect(capped.complete).toBe(false);
    expect(capped.rows).toHaveLength(9); // two pages of 5 overlapping at one row
    expect(nextPage({ startTime: 0, limit: 2 }, [5, Number.NaN])).toEqual({ done: true, complete: false });
    // more rows than a page at one timestamp: endTime cannot move
    expect(nextPage({ startTime: 0, endTime: 8, limit: 2 }, [7, 7])).toEqual({ done: true, complete: false });
  });

  it('pages forward by startTime when a server answers oldest first', async () => {
    const times = Array.from({ length: 12 }, (_, i) => 100 + i * 10);
    const e = endpoint(rowsAt(times), 'oldest');
    const r = await walkHistory(
      e.fetchPage,
      100,
      (x) => x.t,
      (x) => x.id,
      { limit: 5 },
    );
    expect(r.complete).toBe(true);
    expect(r.rows.map((x) => x.t)).toEqual([...times].reverse());
  });
});

describe('gap plan', () => {
  const now = 10 * HISTORY_WINDOW_MS;
  it('reads from a minute before the stream went down, not before it was first watched', () => {
    expect(planGap({ downSince: now - 20_000, now })).toEqual({
      startTime: now - 20_000 - GAP_OVERLAP_MS,
      viable: true,
    });
    expect(planGap({ downSince: now - 20_000, now, watchedSince: now - 30_000 }).startTime).toBe(
      now - 30_000,
    );
  });

  it('a gap past the 36-hour history window is not viable; the walk still reads what is kept', () => {
    const p = planGap({ downSince: now - HISTORY_WINDOW_MS, now });
    expect(p.viable).toBe(false);
    expect(p.startTime).toBe(now - HISTORY_WINDOW_MS);
    expect(planGap({ downSince: now - HISTORY_WINDOW_MS + GAP_OVERLAP_MS + 1, now }).viable).toBe(true);
  });
});
